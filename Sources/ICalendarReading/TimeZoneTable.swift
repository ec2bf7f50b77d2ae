import CICal
import Foundation
import Synchronization

/// Resolves TZIDs and converts between wall times and instants for one file.
///
/// VTIMEZONEs from the file win over the system database (the file says what its
/// times mean); each is cloned into an `icaltimezone` this table owns, so the parsed
/// tree can be freed right after loading.
///
/// Zones are added on one thread first; after that, lookups and conversions may run on
/// several threads at once (loading reads a large file's events in parallel): the file's
/// zones are only read, the system-zone memo is locked, and libical locks the zones' own
/// lazily grown tables of offset changes.
package final class TimeZoneTable: @unchecked Sendable {
    let userZone: TimeZone
    private var fileZones: [String: OpaquePointer] = [:]
    private let systemZones = Mutex<[String: TimeZone?]>([:])

    package init(userZone: TimeZone) {
        self.userZone = userZone
    }

    deinit {
        for zone in fileZones.values {
            icaltimezone_free(zone, 1)
        }
    }

    /// Takes a VTIMEZONE component (borrowed; it is cloned). The first zone for a TZID wins.
    /// A zone whose rules could not be real (see `ZoneRules`) is refused, and the returned
    /// warning says why: libical would expand "FREQ=SECONDLY" for minutes and gigabytes.
    @discardableResult
    package func add(vtimezone component: OpaquePointer) -> String? {
        guard let tzidProperty = icalcomponent_get_first_property(component, ICAL_TZID_PROPERTY),
              let tzid = LibicalText.string(icalproperty_get_tzid(tzidProperty)),
              fileZones[tzid] == nil else { return nil }
        if let why = ZoneRules.problem(in: component) { return "time zone “\(tzid)” refused: \(why)" }
        guard let zone = icaltimezone_new() else { return nil }
        guard let clone = icalcomponent_new_clone(component) else {
            icaltimezone_free(zone, 1)
            return nil
        }
        // On success the zone owns the clone; on failure we still own it.
        if icaltimezone_set_component(zone, clone) != 0 {
            fileZones[tzid] = zone
        } else {
            icalcomponent_free(clone)
            icaltimezone_free(zone, 1)
        }
        return nil
    }

    /// Nil when neither the file nor the system knows the TZID.
    package func zone(forTZID tzid: String) -> ZoneRef? {
        if let zone = fileZones[tzid] { return .vtimezone(zone) }
        let found = systemZones.withLock { memo in
            if let cached = memo[tzid] { return cached }
            let found = TimeZone(identifier: tzid)
            memo[tzid] = found
            return found
        }
        return found.map(ZoneRef.system)
    }

    /// The instant a timed value stands for. (Date values have no instant of their own;
    /// callers place them with the user's calendar.)
    package func instant(of time: EventTime) -> Date {
        switch time.zone {
        case .utc: return time.wall.asUTC
        case .floating: return Self.instant(of: time.wall, in: userZone)
        case let .system(zone): return Self.instant(of: time.wall, in: zone)
        case let .vtimezone(zone):
            // Not icaltimezone_convert_time: libical 3.0 moves a time in a gap back an hour
            // and reads a folded time as the second instant; RFC 5545 §3.3.5 says otherwise.
            return Self.instant(of: time.wall) { Self.offset(of: zone, at: $0) }
        }
    }

    /// The UTC offset a file's zone has at `instant`.
    private static func offset(of zone: OpaquePointer, at instant: Date) -> Int {
        var value = WallTime(utcOf: instant).icalTime
        var isDaylight: Int32 = 0
        return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &value, &isDaylight))
    }

    /// What a clock in `zone` shows at `instant`.
    package func wallTime(of instant: Date, in zone: ZoneRef) -> WallTime {
        switch zone {
        case .utc: return WallTime(utcOf: instant)
        case .floating: return Self.wallTime(of: instant, in: userZone)
        case let .system(timeZone): return Self.wallTime(of: instant, in: timeZone)
        case let .vtimezone(pointer):
            var value = WallTime(utcOf: instant).icalTime
            icaltimezone_convert_time(&value, icaltimezone_get_utc_timezone(), pointer)
            return WallTime(value) ?? WallTime(utcOf: instant)
        }
    }

    /// RFC 5545 §3.3.5: a wall time that occurs twice means the first one; a wall time
    /// skipped by a DST gap is read with the offset from before the gap.
    static func instant(of wall: WallTime, in zone: TimeZone) -> Date {
        instant(of: wall) { zone.secondsFromGMT(for: $0) }
    }

    /// The same rule for any zone given by its offset at each instant: of the offsets in force
    /// a day either side, the earlier instant that reads as `wall`; in a gap, the offset before.
    private static func instant(of wall: WallTime, offset: (Date) -> Int) -> Date {
        let asUTC = wall.asUTC
        let before = offset(asUTC.addingTimeInterval(-86_400))
        let after = offset(asUTC.addingTimeInterval(86_400))
        for candidateOffset in [max(before, after), min(before, after)] {
            let candidate = asUTC.addingTimeInterval(TimeInterval(-candidateOffset))
            if offset(candidate) == candidateOffset { return candidate }
        }
        return asUTC.addingTimeInterval(TimeInterval(-before))
    }

    package static func wallTime(of instant: Date, in zone: TimeZone) -> WallTime {
        WallTime(utcOf: instant.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: instant))))
    }
}
