/// Identifies one calendar (today: one iCalendar file).
public struct CalendarID: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// What the user knows a calendar by: its name, its colour and what kind it is.
public struct CalendarInfo: Hashable, Sendable {
    public var id: CalendarID
    public var name: String
    /// A colour as written in the file (a CSS name or `#rrggbb`); the view layer parses it.
    public var color: String
    /// Holiday calendars decorate days with short text labels instead of dots.
    public var isHoliday: Bool
    public var isReadOnly: Bool
    /// Made by Koyomi, not read from a file (Japan's holidays): listed after the files'
    /// calendars, never written, never removed.
    public var isBuiltIn: Bool
    /// Only part of the calendar is read yet (the months shown first, at start-up): it is
    /// shown, and read-only until the rest is read.
    public var isLoading: Bool

    public init(id: CalendarID, name: String, color: String, isHoliday: Bool = false, isReadOnly: Bool = true,
                isLoading: Bool = false, isBuiltIn: Bool = false) {
        self.id = id
        self.name = name
        self.color = color
        self.isHoliday = isHoliday
        self.isReadOnly = isReadOnly
        self.isLoading = isLoading
        self.isBuiltIn = isBuiltIn
    }
}
