import Foundation

/// Parses a calendar file somewhere other than in this process: CalendarVetting's `ParseGuard`
/// hands a version not parsed before to a child process under limits. `ICalendarFile.load`
/// asks the delegate its options name, so reading iCalendar never knows of child processes.
package protocol ParseDelegate: Sendable, Equatable {
    /// Whether a file read with floating times in `timeZone` can be handed over; one that
    /// cannot is parsed in this process.
    func canDelegate(_ timeZone: TimeZone) -> Bool

    /// The parse of the file at `path` with `options`, as `ICalendarFile.parse` makes it of
    /// the file's text. With `options.firstPart`, the parse of its interval's events alone may
    /// be handed to `firstPart` first, on any thread, before this returns.
    /// - Throws: `ICalendarError` naming the file.
    func load(path: String, options: ICalendarLoadOptions,
              firstPart: ((ParsedCalendar, TimeZoneTable) -> Void)?) throws(ICalendarError) -> (ParsedCalendar, TimeZoneTable)
}

extension ParseDelegate {
    /// Whether `other` is a delegate equal to this one.
    func isSame(as other: (any ParseDelegate)?) -> Bool {
        (other as? Self) == self
    }
}

/// Whether two loads have equal delegates, or both none.
func sameParseDelegate(_ one: (any ParseDelegate)?, _ other: (any ParseDelegate)?) -> Bool {
    guard let one else { return other == nil }
    return one.isSame(as: other)
}
