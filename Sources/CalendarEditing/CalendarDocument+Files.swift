import FileSafety
import Foundation
import ICalendarReading

/// Reading a document together with the identity of the version read, and saving it back
/// through `AtomicFileWriter` only if that version is still the one on disk.
extension CalendarDocument {
    /// Reads the file at `path`; keep the identity and hand it to `save`.
    public static func load(path: String, timeZone: TimeZone) throws -> (document: CalendarDocument, identity: FileIdentity) {
        let (data, identity) = try AtomicFileWriter.read(path: path)
        guard let text = String(data: data, encoding: .utf8) else {
            throw ICalendarError(path: path, problem: "is not UTF-8 text")
        }
        return (try CalendarDocument(text: text, sourceName: path, timeZone: timeZone), identity)
    }

    /// Saves atomically over `path`. Throws `SaveError.changedOnDisk` when another program
    /// changed the file since `identity` was read (or created it, for a nil identity).
    /// - Returns: the identity of the saved version, for the next save.
    @discardableResult
    public func save(to path: String, expecting identity: FileIdentity?,
                     writer: AtomicFileWriter = AtomicFileWriter()) throws(SaveError) -> FileIdentity {
        try writer.write(data, to: path, expecting: identity)
    }

    /// A new, empty calendar with a name and colour (`X-WR-CALNAME`, RFC 7986 `COLOR`).
    public static func empty(name: String, color: String?, timeZone: TimeZone) throws(ICalendarError) -> CalendarDocument {
        var document = try CalendarDocument(
            text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi//Koyomi//EN\r\nEND:VCALENDAR\r\n", timeZone: timeZone)
        try document.setCalendarName(name)
        try document.setCalendarColor(color)
        return document
    }
}
