/// What the desktop says of the choices Koyomi follows unless the user made their own in
/// Preferences (`Settings`): GNOME's clock format and its calendar's week numbers. Nil: the
/// desktop says nothing (not GNOME, or its schemas are missing).
public struct DesktopChoices: Equatable, Sendable {
    public var usesTwentyFourHourClock: Bool?
    public var showsWeekNumbers: Bool?

    public init(usesTwentyFourHourClock: Bool? = nil, showsWeekNumbers: Bool? = nil) {
        self.usesTwentyFourHourClock = usesTwentyFourHourClock
        self.showsWeekNumbers = showsWeekNumbers
    }

    /// A desktop that says nothing.
    public static let none = DesktopChoices()
}
