import CalendarModel
import Foundation
import ICalendar

/// Reads calendar files for the window, turning every failure into a message that names the
/// file and the problem. It only reads: edits go through `EditableFiles`.
struct CalendarLoader {
    /// Colours for calendars whose file names none, given in turn.
    static let palette = CalendarInfo.fallbackColors

    /// A file to read, the colour it gets if it names none, and whether it may be edited.
    struct Request: Equatable {
        var path: String
        var fallbackColor: String
        var isReadOnly = false

        /// The calendar this file becomes in the store.
        var id: CalendarID { CalendarLoader.id(for: path) }
    }

    struct Result {
        var sources: [ICalendarFile] = []
        /// Files that could not be opened at all (missing, unreadable, malformed).
        var errors: [String] = []
        /// Files that opened with something skipped (an event without a start, an unknown zone).
        var warnings: [String] = []
        var problems: [String] { errors + warnings }
    }

    var timeZone: TimeZone

    func load(_ requests: [Request]) -> Result {
        var result = Result()
        for request in requests {
            let options = ICalendarLoadOptions(id: request.id, fallbackColor: request.fallbackColor,
                                               timeZone: timeZone, isReadOnly: request.isReadOnly || !Self.isWritable(request.path))
            do {
                let file = try ICalendarFile.load(path: request.path, options: options)
                result.sources.append(file)
                result.warnings += file.warnings.map { "\(request.path): \($0)" }
            } catch {
                result.errors.append(error.description)
            }
        }
        return result
    }

    /// Saving renames a new file over the old one, so the folder must be writable too.
    static func isWritable(_ path: String) -> Bool {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path))
            .map { $0.hasPrefix("/") ? $0 : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent($0) }
            ?? path
        return access(target, W_OK) == 0 && access((target as NSString).deletingLastPathComponent.isEmpty
            ? "." : (target as NSString).deletingLastPathComponent, W_OK) == 0
    }

    /// One calendar per file, however it was named on the command line.
    static func id(for path: String) -> CalendarID {
        CalendarID(URL(fileURLWithPath: path).standardizedFileURL.path)
    }
}
