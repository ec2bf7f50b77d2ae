import FileSafety
import Foundation

/// Why a command stopped, in one line, with the exit status it earns.
struct CLIError: Error, Equatable {
    var status: Int32
    var message: String

    /// Bad usage or input: an unknown option, an impossible date, an unknown calendar or UID.
    static func usage(_ message: String) -> CLIError { CLIError(status: 2, message: message) }

    /// Anything else (a save refused because the file changed on disk, a failing disk).
    static func failure(_ message: String) -> CLIError { CLIError(status: 1, message: message) }

    /// A refused save: never the user's input, so status 1.
    static func saving(_ error: SaveError) -> CLIError {
        switch error {
        case .changedOnDisk: failure("\(error.description); run the command again")
        case .system, .notAFile, .tooLarge: failure(error.description)
        // Not the user's input either, but not a failing disk: nothing is wrong but the wait.
        case .busy, .readOnly: CLIError(status: 2, message: error.description)
        }
    }
}
