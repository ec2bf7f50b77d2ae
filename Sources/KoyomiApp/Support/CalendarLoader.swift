import CalendarModel
import Foundation
import ICalendar

/// Reads calendar files for the window, turning every failure into a message that names the
/// file and the problem. It only reads: nothing is ever written back here.
struct CalendarLoader {
    /// Distinct GNOME palette colours for calendars whose file names none.
    static let palette = ["#3584e4", "#e66100", "#2ec27e", "#9141ac", "#e5a50a", "#c01c28", "#865e3c", "#1c71d8"]

    var timeZone: TimeZone

    struct Result {
        var sources: [ICalendarFile] = []
        var problems: [String] = []
    }

    /// `firstColorIndex` continues the palette after calendars that are already open.
    func load(paths: [String], firstColorIndex: Int = 0) -> Result {
        var result = Result()
        for (offset, path) in paths.enumerated() {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            let options = ICalendarLoadOptions(
                id: CalendarID(absolute),
                fallbackColor: Self.palette[(firstColorIndex + offset) % Self.palette.count],
                timeZone: timeZone)
            do {
                let file = try ICalendarFile.load(path: path, options: options)
                result.sources.append(file)
                result.problems += file.warnings.map { "\(path): \($0)" }
            } catch {
                result.problems.append(error.description)
            }
        }
        return result
    }
}
