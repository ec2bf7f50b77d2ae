/// Checks the file's own text before libical sees it.
///
/// libical is lenient: it silently turns `2026111X` into 2026-11-01, accepts February 30,
/// and quietly re-nests unbalanced BEGIN/END lines. So structure and the date values of
/// each VEVENT are checked here, on the raw (unfolded) lines, and any problem fails the file.
enum RawTextCheck {
    /// The problem sentence for `ICalendarError`, or nil when the text is fine.
    static func problem(in text: String) -> String? {
        let lines = Array(UnfoldedLines(text))
        guard lines.contains(where: { line in
            let content = RawContentLine(line.text)
            return content.name == "BEGIN" && content.value.uppercased() == "VCALENDAR"
        }) else { return noCalendar }
        var stack: [(name: String, line: Int)] = []
        var event: RawEvent?
        var eventOrdinal = 0
        for line in lines {
            let content = RawContentLine(line.text)
            switch content.name {
            case "BEGIN":
                let name = content.value.uppercased()
                if stack.isEmpty && name != "VCALENDAR" {
                    return "is malformed: BEGIN:\(name) at line \(line.number) is outside any VCALENDAR"
                }
                if name == "VEVENT" && stack.last?.name == "VCALENDAR" {
                    eventOrdinal += 1
                    event = RawEvent(ordinal: eventOrdinal)
                }
                stack.append((name, line.number))
            case "END":
                let name = content.value.uppercased()
                guard let open = stack.popLast() else {
                    return "is malformed: END:\(name) at line \(line.number) has no matching BEGIN"
                }
                guard open.name == name else {
                    return "is malformed: END:\(name) at line \(line.number) does not close "
                        + "BEGIN:\(open.name) from line \(open.line)"
                }
                if name == "VEVENT", let finished = event, stack.last?.name == "VCALENDAR" {
                    if let problem = finished.problem() { return problem }
                    event = nil
                }
            default:
                // Only the VEVENT's own properties, not those of a nested VALARM.
                if stack.last?.name == "VEVENT" { event?.add(content) }
            }
        }
        if let open = stack.last {
            return "is incomplete: BEGIN:\(open.name) at line \(open.line) has no END:\(open.name)"
        }
        return nil
    }

    static let noCalendar = "is not an iCalendar file (no BEGIN:VCALENDAR)"
}
