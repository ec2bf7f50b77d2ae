import Foundation

/// The frame a wall time is read in.
package enum ZoneRef: Hashable {
    case utc
    /// The user's zone (`ICalendarLoadOptions.timeZone`).
    case floating
    /// A zone from the system database, for a TZID the file has no VTIMEZONE for.
    case system(TimeZone)
    /// A VTIMEZONE from the file; the pointer is owned by a `TimeZoneTable`.
    case vtimezone(OpaquePointer)
}
