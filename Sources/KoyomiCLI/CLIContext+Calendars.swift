import CalendarEditing
import FileSafety
import Foundation

/// Opening and changing a user's calendar file from a command, with the command line's
/// exit statuses: a file that cannot be read is bad input (2), a refused save a failure (1).
extension CLIContext {
    func openCalendar(_ path: String) throws(CLIError) -> CalendarFile {
        do {
            return try CalendarFile(path: path, timeZone: timeZone, writer: writer, trust: parseGuard.trust)
        } catch {
            throw .usage("\(error)")
        }
    }

    /// `CalendarFile.modify`: another program's change is kept and the edit applied to it.
    @discardableResult
    func modify<T>(_ file: CalendarFile, _ body: (inout CalendarDocument) throws -> T) throws(CLIError) -> T {
        do {
            return try file.modify(body)
        } catch let error as SaveError {
            throw .saving(error)
        } catch {
            throw .failure("\(error)")
        }
    }
}
