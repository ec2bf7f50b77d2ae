/// Checks the file's own text before libical sees it.
///
/// libical is lenient: it silently turns `2026111X` into 2026-11-01, accepts February 30,
/// and quietly re-nests unbalanced BEGIN/END lines. So structure and the date values of
/// each VEVENT are checked here, on the raw (unfolded) lines. Broken structure fails the
/// file; an event with an impossible date is left out of the plans (its text stays in the
/// file as it is) and said why, so one bad event never hides the rest.
/// The scan works on UTF-8 bytes and builds strings only for the lines it checks, so it
/// stays a small part of loading a large file.
package enum RawTextCheck {
    /// What the scan found: a problem that fails the file, and the events that cannot be read.
    package struct Findings {
        /// The problem sentence for `ICalendarError`, or nil when the file's structure is fine.
        package var problem: String?
        /// Why each unreadable event is left out, by its ordinal among the calendar's events.
        package var unreadableEvents: [Int: String] = [:]
        /// What the parser reads differently from the file, in file order: a stray "Z" after
        /// a date removed (see `RawEvent.strayZones`), an overlong line cut (`LongLines`).
        /// The file itself keeps every byte.
        package var rewrites: [(range: Range<Int>, replacement: [UInt8])] = []
        /// What was read in a way the text did not quite say, for the user.
        package var warnings: [String] = []
    }

    /// The problem that fails the file, or nil when its structure is fine.
    package static func problem(in text: String) -> String? {
        var text = text
        return text.withUTF8 { check($0).problem }
    }

    package static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Findings {
        var state = State()
        var cuts: [(range: Range<Int>, replacement: [UInt8])] = []
        LogicalLine.forEach(in: bytes) { line in
            state.line = line
            if line.range.count > LongLines.maxLineBytes, let cut = LongLines.cut(line, in: bytes) {
                // Checked and parsed as cut: a 10 MB value, or 100,000 parameters, cost libical
                // minutes (its scanning is quadratic in a line's length).
                cuts.append((line.range, cut.bytes))
                state.corrections.append("line \(line.number): \(cut.note)")
                return cut.bytes.withUnsafeBufferPointer { state.take(ByteContentLine($0, range: 0..<$0.count), number: line.number) }
            }
            guard line.isFolded else { return state.take(ByteContentLine(bytes, range: line.range), number: line.number) }
            let unfolded = line.unfolded(in: bytes)
            // Offsets in a folded line count from its unfolded copy's start.
            state.offsetsAreUnfolded = true
            defer { state.offsetsAreUnfolded = false }
            return unfolded.withUnsafeBufferPointer { state.take(ByteContentLine($0, range: 0..<$0.count), number: line.number) }
        }
        var findings = Findings(unreadableEvents: state.unreadable)
        let cutRanges = cuts.map(\.range)
        let strayZones = state.strayZoneLines.filter { line, _ in !cutRanges.contains(line.range) }.flatMap { line, offsets in
            offsets.map { offset in (range: line.fileOffset(ofUnfolded: offset, in: bytes)..<line.fileOffset(ofUnfolded: offset, in: bytes) + 1,
                                     replacement: [UInt8]()) }
        }
        findings.rewrites = (cuts + strayZones).sorted { $0.range.lowerBound < $1.range.lowerBound }
        findings.warnings = state.corrections
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
        /// The logical line being read, and whether offsets in it count from an unfolded copy.
        var line = LogicalLine(range: 0..<0, number: 0, isFolded: false)
        var offsetsAreUnfolded = false
        /// Stray "Z" offsets, by the line they are in (unfolded offsets, mapped at the end).
        var strayZoneLines: [(LogicalLine, [Int])] = []
        var corrections: [String] = []

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
                    let before = event?.strayZones.count ?? 0
                    event?.add(content, number: number)
                    if let found = event?.strayZones.dropFirst(before), !found.isEmpty {
                        // Non-folded lines hand over the file's own bytes: offsets are absolute.
                        let offsets = found.map { offsetsAreUnfolded ? $0.offset : $0.offset - line.range.lowerBound }
                        strayZoneLines.append((line, offsets))
                    }
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
                corrections += finished.strayZones.map { "event \(finished.name) on line \($0.line): \($0.note)" }
                event = nil
            }
        }
    }
}
