/// Why a whole iCalendar file could not be loaded. Problems with single events are
/// warnings instead (see `ICalendarFile.warnings`).
public struct ICalendarError: Error, Equatable, CustomStringConvertible {
    /// The file path as given (or the source name for in-memory text).
    public var path: String
    /// A human sentence that completes "<path> …", e.g.
    /// "is not an iCalendar file (no BEGIN:VCALENDAR)".
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// "\(path): \(problem)": what the CLI prints and the window shows.
    public var description: String { "\(path): \(problem)" }
}
