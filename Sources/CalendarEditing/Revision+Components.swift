import ICalendarReading

extension Revision {
    /// The newest values over the group (an override may be revised on its own).
    init(_ group: [ComponentText]) {
        var sequence = 0
        var lastModified: Int64?
        var stamp: Int64?
        for component in group {
            sequence = max(sequence, CalendarDocument.sequence(of: component) ?? 0)
            lastModified = Self.later(lastModified, component.value(of: "LAST-MODIFIED").flatMap(Self.number))
            stamp = Self.later(stamp, component.value(of: "DTSTAMP").flatMap(Self.number))
        }
        self.init(sequence: sequence, lastModified: lastModified, stamp: stamp)
    }
}
