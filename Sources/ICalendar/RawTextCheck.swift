/// Checks the file's own text before libical sees it.
///
/// libical is lenient: it silently turns `2026111X` into 2026-11-01, accepts February 30,
/// and quietly re-nests unbalanced BEGIN/END lines. So structure and the date values of
/// each VEVENT are checked here, on the raw (unfolded) lines. Broken structure fails the
/// file; an event with an impossible date is left out of the plans (its text stays in the
/// file as it is) and said why, so one bad event never hides the rest.
/// The scan works on UTF-8 bytes and builds strings only for the lines it checks, so it
/// stays a small part of loading a large file.
enum RawTextCheck {
    /// What the scan found: a problem that fails the file, and the events that cannot be read.
    struct Findings {
        /// The problem sentence for `ICalendarError`, or nil when the file's structure is fine.
        var problem: String?
        /// Why each unreadable event is left out, by its ordinal among the calendar's events.
        var unreadableEvents: [Int: String] = [:]
    }

    /// The problem that fails the file, or nil when its structure is fine.
    static func problem(in text: String) -> String? {
        var text = text
        return text.withUTF8 { check($0).problem }
    }

    static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Findings {
        var state = State()
        LogicalLine.forEach(in: bytes) { line in
            guard line.isFolded else { return state.take(ByteContentLine(bytes, range: line.range), number: line.number) }
            let unfolded = line.unfolded(in: bytes)
            return unfolded.withUnsafeBufferPointer { state.take(ByteContentLine($0, range: 0..<$0.count), number: line.number) }
        }
        var findings = Findings(unreadableEvents: state.unreadable)
        // No calendar at all is the clearer message, whatever else is wrong.
        if !state.hasCalendar {
            findings.problem = noCalendar
        } else if let problem = state.problem {
            findings.problem = problem
        } else if let open = state.stack.last {
            findings.problem = "is incomplete: BEGIN:\(open.name) at line \(open.line) has no END:\(open.name)"
        }
        return findings
    }

    static let noCalendar = "is not an iCalendar file (no BEGIN:VCALENDAR)"

    /// The scan so far: open components, the VEVENT being read, the first problem found.
    private struct State {
        var hasCalendar = false
        var problem: String?
        var stack: [(name: String, line: Int)] = []
        var event: RawEvent?
        var eventOrdinal = 0
        var unreadable: [Int: String] = [:]

        /// Returns whether the scan must go on.
        mutating func take(_ content: ByteContentLine, number: Int) -> Bool {
            if content.nameIs("BEGIN") {
                let name = content.valueTextUppercased
                if name == "VCALENDAR" { hasCalendar = true }
                if problem == nil { begin(name, number: number) }
            } else if problem == nil {
                if content.nameIs("END") {
                    end(content.valueTextUppercased, number: number)
                } else if stack.last?.name == "VEVENT", event != nil, RawEvent.reads(content) {
                    // Only the VEVENT's own properties, not those of a nested VALARM.
                    event?.add(content, number: number)
                }
            }
            return problem == nil || !hasCalendar
        }

        private mutating func begin(_ name: String, number: Int) {
            if stack.isEmpty && name != "VCALENDAR" {
                problem = "is malformed: BEGIN:\(name) at line \(number) is outside any VCALENDAR"
                return
            }
            if name == "VEVENT" && stack.last?.name == "VCALENDAR" {
                eventOrdinal += 1
                event = RawEvent(ordinal: eventOrdinal)
            }
            stack.append((name, number))
        }

        private mutating func end(_ name: String, number: Int) {
            guard let open = stack.popLast() else {
                problem = "is malformed: END:\(name) at line \(number) has no matching BEGIN"
                return
            }
            guard open.name == name else {
                problem = "is malformed: END:\(name) at line \(number) does not close "
                    + "BEGIN:\(open.name) from line \(open.line)"
                return
            }
            if name == "VEVENT", let finished = event, stack.last?.name == "VCALENDAR" {
                if let why = finished.problem() { unreadable[finished.ordinal] = why }
                event = nil
            }
        }
    }
}
