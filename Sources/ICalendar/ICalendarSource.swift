import CICal
import CalendarModel
import Foundation

/// Getting from a path to Koyomi's values: reading the file, rejecting what is not
/// iCalendar text, and parsing it part by part.
enum ICalendarSource {
    static func readText(path: String) throws(ICalendarError) -> String {
        let fail = { (problem: String) in ICalendarError(path: path, problem: problem) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail("does not exist")
        }
        if isDirectory.boolValue { throw fail("is a folder, not a file") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw fail("cannot be read (permission denied)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw fail("cannot be read")
        }
        if data.withUnsafeBytes(containsNul) { throw fail("is a binary file, not iCalendar text") }
        guard var text = String(data: data, encoding: .utf8) else {
            throw fail("is not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    /// Problems with text as text (for both files and in-memory sources).
    static func problem(withText text: String) -> String? {
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
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, zones: TimeZoneTable, sourceName: String,
                      calendarID: CalendarID, userCalendar: Calendar, unreadable: [Int: String] = [:]) -> CalendarReader? {
        CalendarReader(bytes: bytes, zones: zones, sourceName: sourceName, calendarID: calendarID,
                       userCalendar: userCalendar, unreadable: unreadable)
    }
}
