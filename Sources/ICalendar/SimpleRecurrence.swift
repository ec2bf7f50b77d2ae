import CICal
import CalendarModel

/// A common RRULE that can be expanded by arithmetic instead of a libical iterator:
/// FREQ=DAILY/WEEKLY/MONTHLY/YEARLY with INTERVAL, plain BYDAY for WEEKLY only, COUNT or UNTIL.
///
/// Creating a libical iterator costs far more than a month's few occurrences (it builds
/// year tables, and COUNT rules must step from DTSTART), so the common rules jump straight
/// to the asked range. Anything else (other BY parts, RSCALE, a DTSTART these rules would
/// not reproduce exactly) stays with libical; `RecurrenceArithmeticTests` checks the two
/// agree occurrence for occurrence.
struct SimpleRecurrence: Hashable {
    enum Frequency: Hashable { case daily, weekly, monthly, yearly }

    let frequency: Frequency
    let interval: Int
    /// COUNT; nil when the rule has none.
    let count: Int?
    /// Plain BYDAY weekdays of a WEEKLY rule as days after the week start (0 ... 6), sorted;
    /// empty when the rule has no BYDAY.
    let weekdayOffsets: [Int]
    /// WKST as 1 = Sunday ... 7 = Saturday (`CalendarDay.weekday` numbering).
    let weekStart: Int

    /// libical stops iterating past this year on 64-bit systems (MAX_TIME_T_YEAR).
    static let lastYear = 2582

    /// Nil unless `rule` is one of the simple shapes.
    init?(_ rule: icalrecurrencetype) {
        switch rule.freq {
        case ICAL_DAILY_RECURRENCE: frequency = .daily
        case ICAL_WEEKLY_RECURRENCE: frequency = .weekly
        case ICAL_MONTHLY_RECURRENCE: frequency = .monthly
        case ICAL_YEARLY_RECURRENCE: frequency = .yearly
        default: return nil
        }
        guard rule.interval >= 1, rule.count >= 0, rule.rscale == nil else { return nil }
        var rule = rule
        let otherPartsEmpty = Self.isEmpty(&rule.by_second) && Self.isEmpty(&rule.by_minute)
            && Self.isEmpty(&rule.by_hour) && Self.isEmpty(&rule.by_month_day)
            && Self.isEmpty(&rule.by_year_day) && Self.isEmpty(&rule.by_week_no)
            && Self.isEmpty(&rule.by_month) && Self.isEmpty(&rule.by_set_pos)
        guard otherPartsEmpty else { return nil }
        let wkst = Int(rule.week_start.rawValue)
        guard (1...7).contains(wkst) else { return nil }
        let days = Self.values(&rule.by_day)
        guard days.isEmpty || frequency == .weekly else { return nil }
        // WKST only matters for BYDAY every few weeks; libical jumping into such a series
        // with another WKST than Monday lands in a different week than RFC 5545 says, and
        // the app must show the same either way, so those stay with libical.
        guard days.isEmpty || rule.interval == 1 || wkst == 2 else { return nil }
        var offsets = Set<Int>()
        for code in days {
            // Plain weekday codes are 1 ... 7; a position (1MO, -1FR) is encoded above that.
            guard (1...7).contains(code) else { return nil }
            offsets.insert((Int(code) - wkst + 7) % 7)
        }
        interval = Int(rule.interval)
        count = rule.count > 0 ? Int(rule.count) : nil
        weekdayOffsets = offsets.sorted()
        weekStart = wkst
    }

    /// The occurrences (DTSTART's wall time kind) in `lower ... upper`, at most `until`,
    /// among the first `limit` (and COUNT) ones; nil when DTSTART is of a shape this
    /// arithmetic does not reproduce (a 29th–31st monthly, a BYDAY that misses DTSTART).
    func occurrences(start: WallTime, until: WallTime?, lower: WallTime, upper: WallTime,
                     limit: Int) -> [WallTime]? {
        guard isExact(for: start.date) else { return nil }
        var high = upper
        if let until, until < high { high = until }
        let maxIndex = min(count ?? Int.max, limit)
        var result: [WallTime] = []
        guard lower <= high, maxIndex > 0 else { return result }
        var cursor = firstCandidate(start: start, lower: lower)
        while cursor.index < maxIndex {
            guard let day = self.day(at: cursor, from: start.date), day.year <= Self.lastYear else { break }
            let wall = WallTime(date: day, secondOfDay: start.secondOfDay, isDate: start.isDate)
            if wall > high { break }
            if wall >= lower { result.append(wall) }
            cursor = next(after: cursor)
        }
        return result
    }

    /// The last occurrence of a COUNT rule (at most `limit` steps), or nil when unbounded
    /// or not exact for this DTSTART.
    func lastOccurrence(start: WallTime, limit: Int) -> WallTime? {
        guard let count, isExact(for: start.date) else { return nil }
        let index = min(count, limit) - 1
        let cursor: Cursor
        if weekdayOffsets.isEmpty {
            cursor = Cursor(period: index, slot: 0, index: index)
        } else {
            let first = firstSlot(of: start.date)
            let inFirst = weekdayOffsets.count - first
            cursor = index < inFirst
                ? Cursor(period: 0, slot: first + index, index: index)
                : Cursor(period: 1 + (index - inFirst) / weekdayOffsets.count,
                         slot: (index - inFirst) % weekdayOffsets.count, index: index)
        }
        guard let day = day(at: cursor, from: start.date) else { return nil }
        return WallTime(date: day, secondOfDay: start.secondOfDay, isDate: start.isDate)
    }

    // MARK: - Stepping

    /// Period `period` (intervals since DTSTART's), slot within a week's BYDAY days, and
    /// the occurrence's index counted from DTSTART (for COUNT).
    private struct Cursor { var period: Int, slot: Int, index: Int }

    private func isExact(for day: CalendarDay) -> Bool {
        switch frequency {
        case .daily: true
        // libical fills BYDAY from DTSTART when absent; with BYDAY, DTSTART must be one of them.
        case .weekly: weekdayOffsets.isEmpty || weekdayOffsets.contains(offsetInWeek(day))
        // Months and years without that day are skipped, not clamped: leave those to libical.
        case .monthly: day.day <= 28
        case .yearly: !(day.month == 2 && day.day == 29)
        }
    }

    private func offsetInWeek(_ day: CalendarDay) -> Int { (day.weekday - weekStart + 7) % 7 }

    private func firstSlot(of day: CalendarDay) -> Int {
        weekdayOffsets.firstIndex(of: offsetInWeek(day)) ?? 0
    }

    /// A cursor at or shortly before the first occurrence that can reach `lower`.
    private func firstCandidate(start: WallTime, lower: WallTime) -> Cursor {
        let startDay = start.date
        // Whole periods that end before `lower` can be skipped; one period of slack keeps
        // the wall-time comparison exact.
        let periods: Int
        switch frequency {
        case .daily, .weekly:
            let days = startDay.distance(to: lower.date)
            let periodDays = frequency == .daily ? interval : 7 * interval
            periods = max(0, days / periodDays - 1)
        case .monthly:
            let months = (lower.date.year - startDay.year) * 12 + lower.date.month - startDay.month
            periods = max(0, months / interval - 1)
        case .yearly:
            periods = max(0, (lower.date.year - startDay.year) / interval - 1)
        }
        if weekdayOffsets.isEmpty { return Cursor(period: periods, slot: 0, index: periods) }
        let first = firstSlot(of: startDay)
        if periods == 0 { return Cursor(period: 0, slot: first, index: 0) }
        let index = (weekdayOffsets.count - first) + (periods - 1) * weekdayOffsets.count
        return Cursor(period: periods, slot: 0, index: index)
    }

    private func next(after cursor: Cursor) -> Cursor {
        if cursor.slot + 1 < weekdayOffsets.count {
            return Cursor(period: cursor.period, slot: cursor.slot + 1, index: cursor.index + 1)
        }
        return Cursor(period: cursor.period + 1, slot: 0, index: cursor.index + 1)
    }

    private func day(at cursor: Cursor, from start: CalendarDay) -> CalendarDay? {
        let step = cursor.period * interval
        switch frequency {
        case .daily:
            return start.adding(days: step)
        case .weekly:
            guard !weekdayOffsets.isEmpty else { return start.adding(days: 7 * step) }
            let weekBegin = start.adding(days: -offsetInWeek(start))
            return weekBegin.adding(days: 7 * step + weekdayOffsets[cursor.slot])
        case .monthly:
            let months = start.year * 12 + start.month - 1 + step
            return CalendarDay(year: months / 12, month: months % 12 + 1, day: start.day)
        case .yearly:
            return CalendarDay(year: start.year + step, month: start.month, day: start.day)
        }
    }

    // MARK: - libical arrays

    /// Whether a BY array holds no value (its first element is the terminator).
    private static func isEmpty<T>(_ array: inout T) -> Bool {
        withUnsafeBytes(of: &array) { $0.load(as: Int16.self) == terminator }
    }

    private static func values<T>(_ array: inout T) -> [Int16] {
        withUnsafeBytes(of: &array) { raw in
            Array(raw.bindMemory(to: Int16.self).prefix { $0 != terminator })
        }
    }

    /// ICAL_RECURRENCE_ARRAY_MAX, which ends a BY list that is not full.
    private static let terminator: Int16 = 0x7f7f
}
