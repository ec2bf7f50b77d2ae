import CICal
import CalendarModel
import FileSafety
import Foundation
import ICalendarText

/// Getting from a path to Koyomi's values: reading the file, rejecting what is not
/// iCalendar text, and parsing it part by part.
package enum ICalendarSource {
    package static func readText(path: String) throws(ICalendarError) -> String {
        try readVersion(path: path).text
    }

    /// The file's text and the identity of the version read (from the same open file).
    package static func readVersion(path: String) throws(ICalendarError) -> (text: String, identity: FileIdentity) {
        let fail = { (problem: String) in ICalendarError(path: path, problem: problem) }
        // Says "does not exist", "is a folder, not a file" and the rest in words.
        let (data, identity) = try readBytesAndIdentity(path: path, limit: AtomicFileWriter.maxFileBytes)
        if data.withUnsafeBytes(containsNul) { throw fail("is a binary file, not iCalendar text") }
        guard var text = String(data: data, encoding: .utf8) else {
            throw fail("is not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return (text, identity)
    }

    /// `text` with every line ending read as one: a lone CR (old Mac exports) becomes CRLF,
    /// since libical splits lines at LF only and would read such a file as one long line, an
    /// empty calendar. CRLF and LF are left as they are; the file itself is never changed
    /// (the editing side keeps its line ends, `ContentLine.lineEnd`).
    static func readingLoneCarriageReturns(_ text: String) -> String {
        var text = text
        let hasLoneCR = text.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var index = 0
            // memchr: most files are CRLF, and a 20 MB one should not be walked byte by byte.
            while index < bytes.count, let found = memchr(base + index, 0x0D, bytes.count - index) {
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if position + 1 >= bytes.count || bytes[position + 1] != 0x0A { return true }
                index = position + 2
            }
            return false
        }
        guard hasLoneCR else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + text.utf8.count / 32)
        let utf8 = Array(text.utf8)
        for (offset, byte) in utf8.enumerated() {
            bytes.append(byte)
            if byte == 0x0D, offset + 1 == utf8.count || utf8[offset + 1] != 0x0A { bytes.append(0x0A) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The file's bytes: a regular file only, at most `limit` bytes; failures in words.
    package static func readBytes(path: String, limit: Int) throws(ICalendarError) -> Data {
        try readBytesAndIdentity(path: path, limit: limit).data
    }

    private static func readBytesAndIdentity(path: String, limit: Int) throws(ICalendarError) -> (data: Data, identity: FileIdentity) {
        do {
            return try AtomicFileWriter.read(path: path, limit: limit)
        } catch {
            let problem: String = switch error {
            case let .notAFile(_, kind): "is \(kind), not a file"
            case let .tooLarge(_, limit): "is larger than \(limit >> 20) MiB, more than any calendar needs"
            case let .system(_, _, code) where code == EACCES || code == EPERM: "cannot be read (permission denied)"
            case let .system(_, _, code) where code == ENOENT || code == ENOTDIR: "does not exist"
            case let .system(_, _, code): "cannot be read (\(String(cString: strerror(code))))"
            case .changedOnDisk, .busy, .readOnly: "changed while it was read"
            }
            throw ICalendarError(path: path, problem: problem)
        }
    }

    /// Problems with text as text (for both files and in-memory sources).
    package static func problem(withText text: String) -> String? {
        if text.allSatisfy(\.isWhitespace) { return "is empty" }
        var text = text
        if text.withUTF8({ containsNul(UnsafeRawBufferPointer($0)) }) { return "is a binary file, not iCalendar text" }
        return nil
    }

    /// With memchr: `Data.contains` walks a 20 MB file byte by byte through an iterator.
    private static func containsNul(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false
    }

    /// Parses part by part and copies everything out; nil when there is no calendar.
    /// `unreadable`: the events `RawTextCheck` found unreadable, by ordinal, with why.
    /// `parts`: where the components of `bytes` are (`CalendarParts`), found once for several reads.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, parts: CalendarParts, zones: TimeZoneTable, sourceName: String,
                      calendarID: CalendarID, userCalendar: Calendar, unreadable: [Int: String] = [:],
                      scheduler: LoadScheduler, reaching: EventReach? = nil, after firstPart: CalendarReader? = nil) -> CalendarReader? {
        CalendarReader(bytes: bytes, parts: parts, zones: zones, sourceName: sourceName, calendarID: calendarID,
                       userCalendar: userCalendar, unreadable: unreadable, scheduler: scheduler, reaching: reaching,
                       after: firstPart)
    }
}
