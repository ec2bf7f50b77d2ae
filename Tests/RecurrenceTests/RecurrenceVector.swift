import CalendarModel
import Foundation
@testable import Recurrence

/// One case of a public recurrence test file (see Fixtures/*.txt for their sources and
/// licences): a rule, its DTSTART, and the first occurrences the source expects.
struct RecurrenceVector {
    var file: String
    var name: String?
    var rule: String
    var start: RuleTime
    var isDate: Bool
    var zone: TimeZone?
    var isUTC: Bool
    var startAt: RuleTime?
    var expected: [String]
    var isComplete: Bool
    /// The fixture's note that the source's expectation is not a plain list (an error, an
    /// inconsistent example): such a case must be explained in the docs like any difference.
    var skip: String?
    var rdates: [RuleTime] = []
    var exdates: [RuleTime] = []

    /// How the docs' table names the case: file, rule and DTSTART (and START-AT).
    var key: String {
        let begin = isDate ? String(start.description.prefix(8)) : start.description + (isUTC ? "Z" : "")
        return "\(file) | \(rule) | \(zone.map { "\($0.identifier) " } ?? "")\(begin)"
            + (startAt.map { " from \($0)" } ?? "")
    }

    /// Every case of the fixture `file` ("libical-icalrecur").
    static func load(_ file: String) throws -> [RecurrenceVector] {
        guard let url = Bundle.module.url(forResource: "Fixtures/\(file)", withExtension: "txt") else { return [] }
        let text = try String(contentsOf: url, encoding: .utf8)
        var vectors: [RecurrenceVector] = []
        for block in text.components(separatedBy: "\n\n") {
            var fields: [String: String] = [:]
            var rdates: [String] = []
            var exdates: [String] = []
            for line in block.split(separator: "\n") where !line.hasPrefix("#") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = String(line[..<colon])
                let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                let bare = name.split(separator: ";").first.map(String.init) ?? name
                switch bare {
                case "RDATE": rdates.append(value)
                case "EXDATE": exdates.append(value)
                case "DTSTART": fields["DTSTART"] = value; fields["DTSTART-PARAMS"] = name
                default: fields[bare] = value
                }
            }
            guard let rule = fields["RRULE"], let startText = fields["DTSTART"],
                  let start = parseTime(startText) else { continue }
            let params = fields["DTSTART-PARAMS"] ?? ""
            let zone = params.range(of: "TZID=").map { TimeZone(identifier: String(params[$0.upperBound...])) } ?? nil
            var vector = RecurrenceVector(
                file: file, name: fields["NAME"], rule: rule, start: start.time,
                isDate: start.isDate, zone: zone, isUTC: startText.hasSuffix("Z"),
                startAt: fields["START-AT"].flatMap(parseTime)?.time,
                expected: (fields["INSTANCES"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty },
                isComplete: fields["COMPLETE"]?.uppercased() == "TRUE", skip: fields["SKIP"])
            vector.rdates = rdates.flatMap { $0.split(separator: ",") }.compactMap { parseTime(String($0))?.time }
            vector.exdates = exdates.flatMap { $0.split(separator: ",") }.compactMap { parseTime(String($0))?.time }
            vectors.append(vector)
        }
        return vectors
    }

    static func parseTime(_ text: String) -> (time: RuleTime, isDate: Bool)? {
        guard let until = RecurrenceRule.until(text.trimmingCharacters(in: .whitespaces)) else { return nil }
        return (until.time, until.isDate)
    }

    /// What Koyomi must give where the source leaves out a DTSTART its rule does not produce:
    /// RFC 5545 §3.8.5.3 makes DTSTART the first instance and counts it for COUNT, so the
    /// list begins with DTSTART and a COUNT series ends one occurrence earlier. Every other
    /// occurrence must still be the source's.
    var expectedWithStart: [String]? {
        guard startAt == nil, expected.first != text(start) else { return nil }
        var list = [text(start)] + expected
        let counted = (try? RecurrenceRule(parsing: rule))?.count != nil
        if counted || !isComplete, !expected.isEmpty { list.removeLast() }
        return list
    }

    /// The occurrences Koyomi's expander gives, written as the source writes them: at most
    /// the expected number (one more for a complete series, to see that it ends).
    func actual() throws(RuleProblem) -> [String] {
        let parsed = try RecurrenceRule(parsing: rule)
        var until: RuleTime?
        if let value = parsed.until {
            until = value.isDate && !isDate ? RuleTime(day: value.time.day, secondOfDay: 86_399) : value.time
            if value.isUTC, !isUTC, let zone { until = Self.wall(of: Self.utcInstant(value.time), in: zone) }
        }
        let expansion = RuleExpansion(rule: parsed, start: start, isDate: isDate, until: until)
        let wanted = expected.count + (isComplete ? 1 : 0) + exdates.count
        let lower = startAt ?? start
        var times = expansion.occurrences(from: lower, through: RuleExpansion.farFuture, limit: max(wanted, 1)).times
        times = (times + rdates.filter { $0 >= lower }).uniqued().sorted().filter { !exdates.contains($0) }
        return Array(times.prefix(expected.count + (isComplete ? 1 : 0))).map(text)
    }

    /// A wall time as the file writes it; in a zone, moved out of a DST gap as RFC 5545
    /// §3.3.5 says (02:30 on a spring-forward day is 03:30).
    func text(_ time: RuleTime) -> String {
        if isDate { return String(time.description.prefix(8)) }
        var shown = time
        if let zone { shown = Self.wall(of: Self.instant(of: time, in: zone), in: zone) }
        return shown.description + (isUTC ? "Z" : "")
    }

    static func utcInstant(_ time: RuleTime) -> Date {
        Date(timeIntervalSince1970: TimeInterval(time.absoluteSeconds))
    }

    static func instant(of wall: RuleTime, in zone: TimeZone) -> Date {
        let asUTC = utcInstant(wall)
        let before = zone.secondsFromGMT(for: asUTC.addingTimeInterval(-86_400))
        let after = zone.secondsFromGMT(for: asUTC.addingTimeInterval(86_400))
        for offset in [max(before, after), min(before, after)] {
            let candidate = asUTC.addingTimeInterval(TimeInterval(-offset))
            if zone.secondsFromGMT(for: candidate) == offset { return candidate }
        }
        return asUTC.addingTimeInterval(TimeInterval(-before))
    }

    static func wall(of instant: Date, in zone: TimeZone) -> RuleTime {
        RuleTime(absoluteSeconds: Int(instant.timeIntervalSince1970) + zone.secondsFromGMT(for: instant))
    }
}
