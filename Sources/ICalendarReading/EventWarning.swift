import Foundation

/// The parts of a warning about one event ("event "Tea" on line 9 skipped: its DTSTART …"):
/// how it names the event, and what it says of it.
package enum EventWarning {
    /// What a warning says after the event it names, without its line number: `: unknown time
    /// zone "X"; …` for `event "Tea": unknown time zone "X"; …`, ` skipped: it has no DTSTART`
    /// for `event #4 skipped: it has no DTSTART`, `: a stray "Z" …` for `event "Tea" on line 9:
    /// a stray "Z" …`. Nil for those that name no event so (a zone, a line cut, the copies of
    /// an event named by UID).
    package static func problem(of warning: String) -> Substring? {
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

    /// What the warning says of its event alone, as the end of a sentence that names the event
    /// otherwise ("its DTSTART “2026023X” is not a date and time", "it has no DTSTART"); the
    /// whole warning when it names no event.
    package static func reason(of warning: String) -> String {
        guard var rest = problem(of: warning) else { return warning }
        for separator in [" skipped: ", ": "] where rest.hasPrefix(separator) {
            rest = rest.dropFirst(separator.count)
            break
        }
        return String(rest)
    }
}
