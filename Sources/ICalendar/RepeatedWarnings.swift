import Foundation

/// A file's warnings with the same problem in many events said once: the first few events
/// by name, then "the same for N more events: …".
///
/// Warnings are one per event, and an export without its VTIMEZONEs has the same one in every
/// event: 50,000 lines (5.6 MB) that the window put in its error strip's one label, which GTK
/// measured for over half a minute. Nobody reads the 50,000th line; the count says it all.
enum RepeatedWarnings {
    /// Events named before the rest of a problem's events are counted.
    static let named = 3

    /// `warnings` in order, except that a problem of more than `named + 1` events is said by
    /// its first `named` events and, after the last of them, one line counting the rest (a
    /// problem of `named + 1` events names the last one there). Warnings about no one event
    /// are kept as they are. One pass over the texts.
    static func collapsed(_ warnings: [String]) -> [String] {
        guard warnings.count > named + 1 else { return warnings }
        enum Line { case warning(String), rest(of: Substring) }
        var lines: [Line] = []
        var counts: [Substring: Int] = [:]
        var next: [Substring: String] = [:]
        for warning in warnings {
            guard let problem = problem(of: warning) else {
                lines.append(.warning(warning))
                continue
            }
            let count = counts[problem, default: 0] + 1
            counts[problem] = count
            if count <= named { lines.append(.warning(warning)) }
            if count == named { lines.append(.rest(of: problem)) }
            if count == named + 1 { next[problem] = warning }
        }
        return lines.compactMap { line in
            switch line {
            case let .warning(text): return text
            case let .rest(problem):
                let rest = counts[problem, default: 0] - named
                return rest > 1 ? "the same for \(rest) more events\(problem)" : next[problem]
            }
        }
    }

    /// What a warning says after the event it names, without its line number: `: unknown time
    /// zone "X"; …` for `event "Tea": unknown time zone "X"; …`, ` skipped: it has no DTSTART`
    /// for `event #4 skipped: it has no DTSTART`, `: a stray "Z" …` for `event "Tea" on line 9:
    /// a stray "Z" …`. Nil for those that name no event so (a zone, a line cut, the copies of
    /// an event named by UID).
    static func problem(of warning: String) -> Substring? {
        guard warning.hasPrefix("event ") else { return nil }
        let name = warning.dropFirst("event ".count)
        // A title is quoted and may hold anything; a UID or a number ends at the first break.
        let searched = name.first == "\"" ? name.dropFirst() : name
        let ends = [": ", " skipped: ", " on line "].compactMap { end -> Range<String.Index>? in
            guard let found = searched.range(of: name.first == "\"" ? "\"" + end : end) else { return nil }
            return name.first == "\"" ? searched.index(after: found.lowerBound)..<found.upperBound : found
        }
        guard let end = ends.min(by: { $0.lowerBound < $1.lowerBound }) else { return nil }
        var rest = warning[end.lowerBound...]
        if rest.hasPrefix(" on line ") {
            rest = rest.dropFirst(" on line ".count).drop(while: \.isNumber)
        }
        return rest
    }
}
