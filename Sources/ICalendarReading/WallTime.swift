import CICal
import CalendarModel
import Foundation
import Recurrence

/// A date or a date and time as written on a clock, with no zone attached: what iCalendar
/// stores and what recurrence rules step through (RFC 5545 repeats in local time).
package struct WallTime: Hashable, Comparable {
    package let date: CalendarDay
    /// Seconds since midnight, 0 ..< 86_400 (a leap second 60 is read as 59).
    package let secondOfDay: Int
    package let isDate: Bool

    package init(date: CalendarDay, secondOfDay: Int = 0, isDate: Bool) {
        self.date = date
        self.secondOfDay = isDate ? 0 : secondOfDay
        self.isDate = isDate
    }

    package init(_ time: RuleTime, isDate: Bool) {
        self.init(date: time.day, secondOfDay: time.secondOfDay, isDate: isDate)
    }

    /// The clock reading recurrence rules step through.
    package var ruleTime: RuleTime { RuleTime(day: date, secondOfDay: secondOfDay) }

    /// Nil when libical hands back a value that is no real date.
    /// "20261110" → a date; "20261110T080000Z" → that UTC wall time.
    package init?(text: String) {
        let time = text.withCString { icaltime_from_string($0) }
        guard !icaltime_is_null_time(time).isTrue else { return nil }
        self.init(time)
    }

    init?(_ time: icaltimetype) {
        guard let day = CalendarDay(year: Int(time.year), month: Int(time.month), day: Int(time.day)),
              (0...23).contains(time.hour), (0...59).contains(time.minute),
              (0...60).contains(time.second) else { return nil }
        let seconds = Int(time.hour) * 3600 + Int(time.minute) * 60 + min(Int(time.second), 59)
        self.init(date: day, secondOfDay: seconds, isDate: time.is_date != 0)
    }

    /// The wall time that a UTC clock shows at `instant`.
    package init(utcOf instant: Date) {
        let total = Int(instant.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        self.init(date: CalendarDay(julianOffset: days), secondOfDay: total - days * 86_400, isDate: false)
    }

    /// The instant at which a UTC clock shows this wall time.
    package var asUTC: Date {
        Date(timeIntervalSince1970: TimeInterval(date.julianOffset * 86_400 + secondOfDay))
    }

    /// Seconds of clock time from `other` to `self` (no zone, so no DST gaps).
    package func seconds(since other: WallTime) -> Int {
        other.date.distance(to: date) * 86_400 + secondOfDay - other.secondOfDay
    }

    package func adding(seconds: Int) -> WallTime {
        let moved = WallTime(utcOf: asUTC.addingTimeInterval(TimeInterval(seconds)))
        return isDate ? WallTime(date: moved.date, isDate: true) : moved
    }

    /// A floating libical time (no zone), for handing to the recurrence iterator.
    package var icalTime: icaltimetype {
        var time = icaltime_null_time()
        time.year = Int32(date.year)
        time.month = Int32(date.month)
        time.day = Int32(date.day)
        time.hour = Int32(secondOfDay / 3600)
        time.minute = Int32(secondOfDay / 60 % 60)
        time.second = Int32(secondOfDay % 60)
        time.is_date = isDate ? 1 : 0
        return time
    }

    /// "20261110" or "20261110T090000" (callers append "Z" for UTC).
    /// Written digit by digit: this names every occurrence a range query expands, and
    /// `String(format:)` cost more than the expansion itself.
    package var icalText: String {
        guard (0...9999).contains(date.year) else {
            let day = String(format: "%04d%02d%02d", date.year, date.month, date.day)
            guard !isDate else { return day }
            return day + String(format: "T%02d%02d%02d", secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        }
        return String(unsafeUninitializedCapacity: 15) { buffer in
            var index = 0
            func put(_ value: Int, digits: Int) {
                var divisor = digits == 4 ? 1000 : 10
                while divisor > 0 {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
                    index += 1
                    divisor /= 10
                }
            }
            put(date.year, digits: 4)
            put(date.month, digits: 2)
            put(date.day, digits: 2)
            if !isDate {
                buffer[index] = UInt8(ascii: "T")
                index += 1
                put(secondOfDay / 3600, digits: 2)
                put(secondOfDay / 60 % 60, digits: 2)
                put(secondOfDay % 60, digits: 2)
            }
            return index
        }
    }

    package static func < (a: WallTime, b: WallTime) -> Bool {
        (a.date, a.secondOfDay) < (b.date, b.secondOfDay)
    }
}
