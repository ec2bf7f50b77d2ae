import Foundation

/// The user's IANA zone, as `koyomi add` writes it into a timed plan's `TZID`.
enum UserTimeZone {
    /// `TZ` when it names a zone (a leading ":" as POSIX allows), else the zone
    /// /etc/localtime links to, else Foundation's idea of the system zone.
    static func resolve(environment: [String: String], localtime: String = "/etc/localtime") -> TimeZone {
        if var name = environment["TZ"], !name.isEmpty {
            if name.hasPrefix(":") { name.removeFirst() }
            if let zone = TimeZone(identifier: name) { return zone }
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime),
           let range = target.range(of: "zoneinfo/"),
           let zone = TimeZone(identifier: String(target[range.upperBound...])) {
            return zone
        }
        NSTimeZone.resetSystemTimeZone()
        return TimeZone.current
    }

    /// The zone to write a timed plan in: nil (plain UTC) for the UTC aliases, which need no
    /// VTIMEZONE.
    static func writtenZone(_ zone: TimeZone) -> TimeZone? {
        ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu"]
            .contains(zone.identifier) ? nil : zone
    }
}
