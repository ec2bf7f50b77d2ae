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
            guard let problem = EventWarning.problem(of: warning) else {
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
}
