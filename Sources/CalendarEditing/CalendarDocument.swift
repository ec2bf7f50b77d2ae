import FileSafety
import Foundation
import ICalendarReading
import ICalendarText

/// An iCalendar file held as its top-level parts, each with its original text, so that
/// writing it back changes only what Koyomi edited.
///
/// Lines outside components (BEGIN:VCALENDAR, the calendar's own properties, END:VCALENDAR,
/// anything after) are kept as lines; each component inside a VCALENDAR (VEVENT, VTODO,
/// VJOURNAL, VTIMEZONE, unknown ones) is kept whole. An unchanged document's `data` is the
/// bytes it was read from. Edits live in `CalendarDocument+Editing.swift`.
public struct CalendarDocument: Hashable, Sendable {
    enum Part: Hashable, Sendable {
        case line(ContentLine)
        case component(ComponentText)
    }

    var parts: [Part]
    /// Bytes before the first line (a UTF-8 byte order mark), kept as read.
    let prefix: String
    /// The line end new lines get: the one the file already uses.
    let lineEnd: String
    /// The user's zone: floating times (no Z, no TZID) are read in it.
    public let timeZone: TimeZone

    /// Reads iCalendar text. Throws when it is no calendar or its BEGIN/END lines don't match.
    public init(text: String, sourceName: String = "calendar", timeZone: TimeZone) throws(ICalendarError) {
        let fail = { (problem: String) in ICalendarError(path: sourceName, problem: problem) }
        var body = Substring(text)
        prefix = body.hasPrefix("\u{FEFF}") ? "\u{FEFF}" : ""
        if !prefix.isEmpty { body = body.dropFirst() }
        if let problem = RawTextCheck.problem(in: String(body)) { throw fail(problem) }
        lineEnd = ContentLine.lineEnd(of: text)
        self.timeZone = timeZone

        var parts: [Part] = []
        var open: [ContentLine] = []
        var depth = 0
        for line in ContentLine.split(String(body)) {
            if let name = line.beginName {
                depth += 1
                // Depth 2 is a component directly inside a VCALENDAR.
                if depth == 2 || !open.isEmpty { open.append(line) } else { parts.append(.line(line)) }
                if depth == 2 && name == "VCALENDAR" { throw fail("is malformed: a VCALENDAR inside a VCALENDAR") }
            } else if line.endName != nil {
                if !open.isEmpty {
                    open.append(line)
                    if depth == 2 {
                        parts.append(.component(ComponentText(lines: open)))
                        open = []
                    }
                } else {
                    parts.append(.line(line))
                }
                depth -= 1
            } else if !open.isEmpty {
                open.append(line)
            } else {
                parts.append(.line(line))
            }
        }
        self.parts = parts
    }

    /// A document built from parts (exports, vetted subsets of a file).
    init(parts: [Part], prefix: String = "", lineEnd: String, timeZone: TimeZone) {
        self.parts = parts
        self.prefix = prefix
        self.lineEnd = lineEnd
        self.timeZone = timeZone
    }

    /// The same document without the top-level components at `indices` (positions in
    /// `components`, i.e. `componentKinds`).
    package func removingComponents(at indices: Set<Int>) -> CalendarDocument {
        var result = self
        var componentIndex = -1
        result.parts = parts.filter { part in
            guard case .component = part else { return true }
            componentIndex += 1
            return !indices.contains(componentIndex)
        }
        return result
    }

    /// The document as text: the original where nothing changed.
    public var text: String {
        prefix + parts.map { part in
            switch part {
            case let .line(line): line.text
            case let .component(component): component.text
            }
        }.joined()
    }

    /// The document as UTF-8 bytes, ready for `AtomicFileWriter`.
    public var data: Data { Data(text.utf8) }

    /// UIDs of the VEVENTs, in file order, each once.
    public var eventUIDs: [String] {
        var seen = Set<String>()
        return components.filter { $0.kind == "VEVENT" }.compactMap(\.uid).filter { seen.insert($0).inserted }
    }

    /// Kinds of the top-level components in file order ("VTIMEZONE", "VEVENT", "VTODO", …).
    public var componentKinds: [String] { components.map(\.kind) }

    /// The original (or edited) text of each component, in file order.
    public var componentTexts: [String] { components.map(\.text) }

    /// The line of the text (from 1, as an editor counts them) on which each of `components`
    /// begins: where a message about one sends the reader.
    package var componentLines: [Int] {
        var line = 1
        var result: [Int] = []
        for part in parts {
            let text: String
            switch part {
            case let .line(content): text = content.text
            case let .component(component):
                result.append(line)
                text = component.text
            }
            // CRLF, LF and a lone CR each end one physical line.
            var previous: UInt8 = 0
            for byte in text.utf8 {
                if byte == 0x0A, previous != 0x0D { line += 1 }
                if byte == 0x0D { line += 1 }
                previous = byte
            }
        }
        return result
    }

    package var components: [ComponentText] {
        parts.compactMap { part in
            if case let .component(component) = part { return component }
            return nil
        }
    }
}
