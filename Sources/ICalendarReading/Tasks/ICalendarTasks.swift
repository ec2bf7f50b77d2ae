import CICal
import CalendarModel
import Foundation
import ICalendarText

/// The to-dos (VTODOs) of one calendar's text, read through libical one component at a time.
///
/// Reading never changes the text: the components stay in the file byte for byte, and an
/// edit (`CalendarDocument.completeTask`) touches only the task it checks off.
public final class ICalendarTasks {
    /// The tasks as listed: single tasks, each repeating task as its earliest open occurrence,
    /// and occurrences checked off by an override; in file order.
    public let tasks: [CalendarTask]
    /// Tasks read with a compromise, each naming the task and why.
    public let warnings: [String]
    private let series: [String: TaskSeries]
    private let zones: TimeZoneTable

    /// Reads `text`; `sourceName` stands in for the path in messages.
    public init(text: String, sourceName: String, calendarID: CalendarID, timeZone: TimeZone) throws(ICalendarError) {
        let fail = { (problem: String) in ICalendarError(path: sourceName, problem: problem) }
        if let problem = ICalendarSource.problem(withText: text) { throw fail(problem) }
        var text = ICalendarSource.readingLoneCarriageReturns(text)
        let zones = TimeZoneTable(userZone: timeZone)
        var warnings: [String] = []
        var records: [TaskRecord] = []
        let fileName = (sourceName as NSString).lastPathComponent
        let problem: String? = text.withUTF8 { bytes in
            let findings = RawTextCheck.check(bytes)
            if let problem = findings.problem { return problem }
            let read = { (bytes: UnsafeBufferPointer<UInt8>) in
                let parts = CalendarParts(bytes)
                var parser = ComponentParser()
                for zone in parts.components where zone.kind == "VTIMEZONE" {
                    parser.withComponent(bytes, pieces: [zone.range], kind: ICAL_VTIMEZONE_COMPONENT) { component in
                        if let component, let refused = zones.add(vtimezone: component) { warnings.append(refused) }
                    }
                }
                let reader = TaskReader(zones: zones, sourceName: fileName)
                for (index, part) in parts.components.filter({ $0.kind == "VTODO" }).enumerated() {
                    parser.withComponent(bytes, pieces: [part.range], kind: ICAL_VTODO_COMPONENT) { component in
                        guard let component else {
                            warnings.append("task #\(index + 1) skipped: libical could not read it")
                            return
                        }
                        records.append(reader.read(component, ordinal: index + 1, warnings: &warnings))
                    }
                }
            }
            guard !findings.rewrites.isEmpty else {
                read(bytes)
                return nil
            }
            // libical reads a copy with the rewrites made, as for events (`ICalendarFile.parse`).
            var copy: [UInt8] = []
            var position = 0
            for rewrite in findings.rewrites where rewrite.range.lowerBound >= position {
                copy.append(contentsOf: bytes[position..<rewrite.range.lowerBound])
                copy.append(contentsOf: rewrite.replacement)
                position = rewrite.range.upperBound
            }
            copy.append(contentsOf: bytes[position...])
            copy.withUnsafeBufferPointer(read)
            return nil
        }
        if let problem { throw fail(problem) }
        var order: [String] = []
        var series: [String: TaskSeries] = [:]
        for record in records {
            if series[record.uid] == nil { order.append(record.uid) }
            if record.recurrenceID != nil {
                series[record.uid, default: TaskSeries()].overrides.append(record)
            } else if series[record.uid]?.master == nil {
                series[record.uid, default: TaskSeries()].master = record
            } else {
                warnings.append("task \"\(record.title)\": UID \(record.uid) is used twice; the first is read")
            }
        }
        self.series = series
        self.zones = zones
        self.warnings = warnings
        tasks = order.flatMap { series[$0]?.tasks(calendarID: calendarID, zones: zones) ?? [] }
    }

    /// Whether a VTODO with this UID is in the text.
    package func contains(uid: String) -> Bool { series[uid] != nil }

    /// The key ("20261110" or "20261110T080000Z") of the occurrence of the repeating task
    /// `uid` to check off next: its earliest one not checked off, cancelled or excluded.
    /// Nil when the task does not repeat, or no occurrence is left open.
    package func openOccurrence(uid: String) -> String? {
        series[uid]?.openOccurrence(zones: zones)?.key
    }

    /// Whether `uid` is a repeating task (a master with an RRULE and a DTSTART or DUE).
    package func repeats(uid: String) -> Bool { series[uid]?.master?.repeats ?? false }
}
