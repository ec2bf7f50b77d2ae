import CalendarEditing
import CalendarModel
import CalendarVetting
import FileSafety
import Foundation

/// The writable side of the open calendars: one `CalendarFile` per calendar, read the first
/// time it is edited (opening a big file for viewing never pays for its lossless text).
/// Every change is saved at once, atomically, with a backup, and never over another
/// program's change (`CalendarFile.modify` re-reads and re-applies).
///
/// Not tied to a thread, and not thread-safe: the window's `SaveQueue` owns it and uses it
/// only on its serial queue, never on the main thread.
final class EditableFiles {
    private var files: [CalendarID: CalendarFile] = [:]
    private let writer: AtomicFileWriter
    /// Where a save over a version parsed safely before stamps the new version safe too.
    private let trust: ParseTrust?
    private(set) var timeZone: TimeZone

    init(writer: AtomicFileWriter, trust: ParseTrust?, timeZone: TimeZone) {
        self.writer = writer
        self.trust = trust
        self.timeZone = timeZone
    }

    /// Floating times are read in the user's zone: documents are read again in the new one.
    func setTimeZone(_ zone: TimeZone) {
        timeZone = zone
        files = [:]
    }

    /// The calendar's document as it is on disk now.
    func document(of calendar: CalendarID) throws -> CalendarDocument {
        let file = try self.file(calendar)
        if file.hasChangedOnDisk() { try file.reload() }
        return file.document
    }

    /// Applies `body` to the calendar's document and saves it.
    @discardableResult
    func modify<T>(_ calendar: CalendarID, _ body: (inout CalendarDocument) throws -> T) throws -> T {
        try file(calendar).modify(body)
    }

    /// Whether a program other than this window changed the file since it was last read or saved.
    func hasChangedOnDisk(_ calendar: CalendarID) -> Bool {
        files[calendar]?.hasChangedOnDisk() ?? false
    }

    /// Drops what is known about a calendar (closed, removed, or to be read afresh).
    func forget(_ calendar: CalendarID) {
        files[calendar] = nil
    }

    private func file(_ calendar: CalendarID) throws -> CalendarFile {
        if let file = files[calendar] { return file }
        let file = try CalendarFile(path: calendar.rawValue, timeZone: timeZone, writer: writer, trust: trust)
        files[calendar] = file
        return file
    }
}
