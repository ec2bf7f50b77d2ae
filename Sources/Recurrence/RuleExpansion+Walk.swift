import CalendarModel

/// Walking the periods: the occurrences in a range, the last one, and whether there are any.
extension RuleExpansion {
    /// Occurrences asked for at once beyond this are cut (and `isCut` set): a month of a
    /// FREQ=SECONDLY rule is 2.6 million starts no view can show.
    public static let occurrenceLimit = 1_000
    /// Periods visited in one walk at most; a walk that reaches it stops with `isCut` set.
    /// Periods a BY part refuses wholesale (a month, a day) are skipped, not visited.
    static let stepLimit = 200_000
    /// No rule is expanded past this year.
    static let lastYear = 9999

    public struct Occurrences: Hashable, Sendable {
        public var times: [RuleTime] = []
        /// The walk stopped early (too many occurrences, or too many periods to look at).
        public var isCut = false
    }

    /// The occurrences from `lower` through `upper` (both included), in order: DTSTART first
    /// (RFC 5545 §3.8.5.3 counts it as the first occurrence even when the rule would not
    /// give it), then what the rule gives after it, within COUNT and UNTIL.
    public func occurrences(from lower: RuleTime, through upper: RuleTime,
                            limit: Int = Self.occurrenceLimit) -> Occurrences {
        var found = Occurrences()
        if start >= lower && start <= upper { found.times.append(start) }
        var high = upper
        if let until, until < high { high = until }
        guard (rule.count ?? 2) > 1, high > start else { return found }
        var counted = 1
        // Without COUNT nothing before `lower` matters, so the walk starts near it.
        let first = rule.count == nil ? period(holding: lower) : 0
        let end = walk(from: first, through: high) { time in
            counted += 1
            if time >= lower {
                guard found.times.count < limit else {
                    found.isCut = true
                    return false
                }
                found.times.append(time)
            }
            return counted < rule.count ?? Int.max
        }
        if end == .stepLimit { found.isCut = true }
        return found
    }

    /// The last start the rule allows, or nil when it never ends (or is too long to tell).
    public func lastStart() -> RuleTime? {
        if rule.count == nil { return until.map { max($0, start) } }
        var last = start
        var counted = 1
        let end = walk(from: 0, through: until ?? Self.farFuture) { time in
            counted += 1
            last = time
            return counted < rule.count ?? Int.max
        }
        return end == .stepLimit ? nil : last
    }

    /// Whether the rule ever gives a start after DTSTART, COUNT and UNTIL aside: false for a
    /// rule no calendar has a day for ("the 31st of every February").
    public var repeatsAfterStart: Bool {
        var any = false
        let end = walk(from: 0, through: Self.farFuture) { _ in
            any = true
            return false
        }
        return any || end == .stepLimit
    }

    /// The same expansion, knowing whether the rule ever repeats (one walk of at most a
    /// Gregorian cycle for a rule that never does), so later queries of a rule such as
    /// "the 24th weekday of the month" cost nothing.
    public func checked() -> RuleExpansion {
        var copy = self
        copy.neverRepeats = !repeatsAfterStart
        return copy
    }

    /// `checked()`, taking the answer from `known` when it is the same rule from the same
    /// DTSTART (whether a rule ever repeats does not depend on UNTIL).
    public func checked(reusing known: RuleExpansion?) -> RuleExpansion {
        guard let known, known.rule == rule, known.start == start, known.isDate == isDate else { return checked() }
        var copy = self
        copy.neverRepeats = known.neverRepeats
        return copy
    }

    static var farFuture: RuleTime { RuleTime(day: CalendarDay(year: lastYear, month: 12, day: 31) ?? CalendarDay(julianOffset: 0)) }

    /// What decides which days a year, month or week period holds: its length (leap year),
    /// the weekday it begins on and, for months and weeks, where it lies in the year. Nil
    /// for days and finer periods, which are cheap to gather anyway.
    func shape(of periodBegin: RuleTime) -> Int? {
        var day = periodBegin.day
        if frequency == .yearly && !weekNumbers.isEmpty {
            // Week 1 begins between December 29th and January 4th: key on that year's January 1st.
            day = CalendarDay(year: day.adding(days: 3).year, month: 1, day: 1) ?? day
        }
        let leap = day.isInLeapYear ? 1 : 0
        switch frequency {
        case .yearly: return day.weekday * 2 + leap
        case .monthly: return (day.month * 8 + day.weekday) * 2 + leap
        case .weekly:
            let nextLeap = CalendarDay.days(inMonth: 2, year: day.year + 1) == 29 ? 1 : 0
            return (day.dayOfYear * 2 + leap) * 2 + nextLeap
        default: return nil
        }
    }

    /// Whether a sub-daily rule's steps ever land on a time of day its BY parts allow
    /// ("HOURLY;INTERVAL=24;BYHOUR=5" from 09:00 never does): the steps reach, within a day,
    /// exactly the times DTSTART's phase plus multiples of gcd(step, one day).
    var reachesAllowedTime: Bool {
        guard let unit = frequency.unitSeconds, hourMask != 0 || minuteMask != 0 || secondMask != 0 else { return true }
        var a = unit * interval, b = 86_400
        while b != 0 { (a, b) = (b, a % b) }
        let grain = a
        var time = (base % 86_400 + 86_400) % 86_400 % grain
        while time < 86_400 {
            let hourOK = hourMask == 0 || hourMask & (1 << UInt64(time / 3600)) != 0
            let minuteOK = minuteMask == 0 || minuteMask & (1 << UInt64(time / 60 % 60)) != 0
            switch frequency {
            case .hourly where hourOK: return true
            case .minutely where hourOK && minuteOK: return true
            case .secondly where timeAllowed(time): return true
            default: break
            }
            time += grain
        }
        return false
    }

    /// Whether some BYSETPOS can name one of a period's occurrences: "BYSETPOS=13" of a
    /// SECONDLY rule (one start a period) or 24 of a month's weekdays never can.
    var setPositionsFit: Bool {
        guard !setPositions.isEmpty else { return true }
        let days = switch frequency {
        case .yearly: weekNumbers.isEmpty ? 366 : 7 * weekNumbers.count
        case .monthly: monthDays.isEmpty ? 31 : min(31, monthDays.count * 2)
        case .weekly: 7
        default: 1
        }
        let times: Int
        switch frequency {
        case _ where isDate, .secondly: times = 1
        case .minutely: times = seconds.count
        case .hourly: times = minutes.count * seconds.count
        default: times = hours.count * minutes.count * seconds.count
        }
        let most = days * times
        return setPositions.contains { abs($0) <= most }
    }

    enum WalkEnd { case stopped, passed, exhausted, stepLimit }

    /// Hands each start after DTSTART and not after `high` to `visit` in order, until `visit`
    /// says stop. A rule that has given nothing for a whole 400-year Gregorian cycle times
    /// INTERVAL will never give anything again (the calendar repeats), so it ends there.
    func walk(from first: Int, through high: RuleTime, _ visit: (RuleTime) -> Bool) -> WalkEnd {
        guard !neverRepeats, reachesAllowedTime, setPositionsFit else { return .exhausted }
        var k = first
        var buffer: [RuleTime] = []
        buffer.reserveCapacity(16)
        var lastFruitfulYear = max(start.day.year, periodStart(first).day.year)
        let barrenYears = 400 * interval + 1
        // Periods of the same shape (see `shape(of:)`) gather the same days, so one found
        // empty need not be gathered again: a rule that never matches walks its 400 years
        // at the cost of comparing numbers.
        var emptyShapes = Set<Int>()
        var memo = WalkMemo()
        for _ in 0..<Self.stepLimit {
            let periodBegin = periodStart(k)
            if periodBegin > high || periodBegin.day.year > Self.lastYear { return .passed }
            let shape = shape(of: periodBegin)
            if let shape, emptyShapes.contains(shape) {
                if periodBegin.day.year - lastFruitfulYear > barrenYears { return .exhausted }
                k += 1
                continue
            }
            let next = gather(period: k, into: &buffer, memo: &memo)
            if buffer.isEmpty, let shape { emptyShapes.insert(shape) }
            var fruitful = false
            for time in buffer where time > start {
                if time > high { return .passed }
                fruitful = true
                if !visit(time) { return .stopped }
            }
            if fruitful || !buffer.isEmpty {
                lastFruitfulYear = periodBegin.day.year
            } else if periodBegin.day.year - lastFruitfulYear > barrenYears {
                return .exhausted
            }
            if next == Self.noMorePeriods { return .exhausted }
            k = next
        }
        return .stepLimit
    }
}
