/// Where the top-level parts of iCalendar text are, found in its bytes so each part can be
/// parsed (and freed) on its own instead of building libical's tree of the whole file.
///
/// Expects text that passed `RawTextCheck` (balanced BEGIN/END, everything in a VCALENDAR).
package struct CalendarParts {
    package struct Component {
        /// "VEVENT", "VTIMEZONE", … (upper case).
        package var kind: String
        /// From the first byte of its BEGIN line to the last byte of its END line.
        package var range: Range<Int>
    }

    /// For each top-level VCALENDAR, in order: the byte ranges of its own property lines.
    package private(set) var calendars: [[Range<Int>]] = []
    /// The components directly inside a VCALENDAR, in file order.
    package private(set) var components: [Component] = []

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var depth = 0
        var open: (kind: String, start: Int)?
        LogicalLine.forEach(in: bytes) { line in
            let content = ByteContentLine(bytes, range: line.range)
            // A folded BEGIN/END line is unheard of; read it unfolded all the same.
            let structural = line.isFolded ? Self.unfoldedContent(line, bytes) : Self.structure(content)
            switch structural {
            case let (true, name)?:
                depth += 1
                if depth == 1 && name == "VCALENDAR" { calendars.append([]) }
                if depth == 2 { open = (name, line.range.lowerBound) }
            case (false, _)?:
                if depth == 2, let component = open {
                    components.append(Component(kind: component.kind, range: component.start..<line.range.upperBound))
                    open = nil
                }
                depth = max(0, depth - 1)
            case nil:
                if depth == 1 && !calendars.isEmpty { calendars[calendars.count - 1].append(line.range) }
            }
            return true
        }
    }

    /// (true, name) for BEGIN:name, (false, name) for END:name, nil for other lines.
    private static func structure(_ content: ByteContentLine) -> (Bool, String)? {
        if content.nameIs("BEGIN") { return (true, content.valueTextUppercased) }
        if content.nameIs("END") { return (false, content.valueTextUppercased) }
        return nil
    }

    private static func unfoldedContent(_ line: LogicalLine, _ bytes: UnsafeBufferPointer<UInt8>) -> (Bool, String)? {
        let unfolded = line.unfolded(in: bytes)
        return unfolded.withUnsafeBufferPointer { structure(ByteContentLine($0, range: 0..<$0.count)) }
    }
}
