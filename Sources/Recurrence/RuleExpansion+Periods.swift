import CalendarModel

/// Gathering one period's occurrences, and where the next period worth looking at starts.
extension RuleExpansion {
    /// The first moment of period `k` (a year's first day, a month's, …), for stopping a walk.
    func periodStart(_ k: Int) -> RuleTime {
        let n = k * interval
        switch frequency {
        case .yearly:
            let year = base + n
            let day = weekNumbers.isEmpty
                ? CalendarDay(year: year, month: 1, day: 1) ?? start.day
                : weeks.firstDay(ofWeekYear: year)
            return RuleTime(day: day)
        case .monthly:
            let index = base + n
            let year = index.floorDivided(by: 12)
            return RuleTime(day: CalendarDay(year: year, month: index - year * 12 + 1, day: 1) ?? start.day)
        case .weekly: return RuleTime(day: CalendarDay(julianOffset: base + 7 * n))
        case .daily: return RuleTime(day: CalendarDay(julianOffset: base + n))
        case .hourly, .minutely, .secondly: return RuleTime(absoluteSeconds: base + n * (frequency.unitSeconds ?? 1))
        }
    }

    /// The last period starting at or before `time` (0 if that is before DTSTART's).
    func period(holding time: RuleTime) -> Int {
        let units: Int
        switch frequency {
        case .yearly: units = time.day.year - base - (weekNumbers.isEmpty ? 0 : 1)
        case .monthly: units = time.day.year * 12 + time.day.month - 1 - base
        case .weekly: units = (time.day.julianOffset - weeks.daysIntoWeek(time.day) - base) / 7
        case .daily: units = time.day.julianOffset - base
        case .hourly, .minutely, .secondly:
            units = (time.absoluteSeconds - base).floorDivided(by: frequency.unitSeconds ?? 1)
        }
        return max(0, units.floorDivided(by: interval))
    }

    /// Fills `out` with period `k`'s occurrences in order (BYSETPOS applied) and returns the
    /// next period that may hold one: `k + 1`, or further when a day, hour or minute the BY
    /// parts refuse lets a daily or finer rule skip to the next that passes.
    func gather(period k: Int, into out: inout [RuleTime], memo: inout WalkMemo) -> Int {
        out.removeAll(keepingCapacity: true)
        let n = k * interval
        var next = k + 1
        switch frequency {
        case .yearly:
            let year = base + n
            if weekNumbers.isEmpty {
                for month in 1...12 where monthAllowed(month) { addMonth(year: year, month: month, to: &out) }
            } else {
                addWeeks(ofWeekYear: year, to: &out)
            }
        case .monthly:
            let index = base + n
            let year = index.floorDivided(by: 12)
            let month = index - year * 12 + 1
            if monthAllowed(month) { addMonth(year: year, month: month, to: &out) }
        case .weekly:
            var facts = DayFacts(CalendarDay(julianOffset: base + 7 * n))
            for _ in 0..<7 {
                if matches(facts) { addTimes(of: facts.julian, to: &out) }
                facts.advance()
            }
        case .daily:
            let facts = DayFacts(CalendarDay(julianOffset: base + n))
            if matches(facts) {
                addTimes(of: facts.julian, to: &out)
            } else {
                guard let day = nextMatchingDay(after: facts, memo: &memo) else { return Self.noMorePeriods }
                next = max(k + 1, (day - base).ceilDivided(by: interval))
            }
        case .hourly, .minutely, .secondly:
            next = gatherSubDaily(k, into: &out, memo: &memo)
        }
        if !setPositions.isEmpty && !out.isEmpty { pickSetPositions(&out) }
        return next
    }

    private func gatherSubDaily(_ k: Int, into out: inout [RuleTime], memo: inout WalkMemo) -> Int {
        let unit = frequency.unitSeconds ?? 1
        let step = unit * interval
        let moment = base + k * step
        let julian = moment.floorDivided(by: 86_400)
        let secondOfDay = moment - julian * 86_400
        func period(atOrAfter target: Int) -> Int { max(k + 1, (target - base).ceilDivided(by: step)) }
        let facts = DayFacts(CalendarDay(julianOffset: julian))
        guard matches(facts) else {
            guard let day = nextMatchingDay(after: facts, memo: &memo) else { return Self.noMorePeriods }
            return period(atOrAfter: day * 86_400)
        }
        let hourStart = julian * 86_400 + secondOfDay / 3600 * 3600
        guard hourMask == 0 || hourMask & (1 << UInt64(secondOfDay / 3600)) != 0 else {
            // Straight to the next hour BYHOUR allows, or the next day.
            let allowed = (secondOfDay / 3600 + 1..<24).first(where: { hourMask & (1 << UInt64($0)) != 0 })
            return period(atOrAfter: julian * 86_400 + (allowed ?? 24) * 3600)
        }
        if isDate {
            out.append(RuleTime(day: facts.calendarDay))
            return period(atOrAfter: (julian + 1) * 86_400)
        }
        switch frequency {
        case .hourly:
            for minute in minutes {
                for second in seconds {
                    out.append(RuleTime(day: facts.calendarDay, secondOfDay: secondOfDay / 3600 * 3600 + minute * 60 + second))
                }
            }
        case .minutely:
            guard minuteMask == 0 || minuteMask & (1 << UInt64(secondOfDay / 60 % 60)) != 0 else {
                return period(atOrAfter: hourStart + nextAllowedMinute(after: secondOfDay / 60 % 60) * 60)
            }
            for second in seconds {
                out.append(RuleTime(day: facts.calendarDay, secondOfDay: secondOfDay / 60 * 60 + second))
            }
        default:
            let minuteStart = julian * 86_400 + secondOfDay / 60 * 60
            guard minuteMask == 0 || minuteMask & (1 << UInt64(secondOfDay / 60 % 60)) != 0 else {
                return period(atOrAfter: hourStart + nextAllowedMinute(after: secondOfDay / 60 % 60) * 60)
            }
            guard timeAllowed(secondOfDay) else {
                // Straight to the next second BYSECOND allows, or the next minute.
                let second = secondOfDay % 60
                let allowed = (second + 1..<60).first(where: { secondMask & (1 << UInt64($0)) != 0 })
                let later = allowed ?? 60
                return period(atOrAfter: minuteStart + later)
            }
            out.append(RuleTime(day: facts.calendarDay, secondOfDay: secondOfDay))
        }
        return k + 1
    }

    /// The next minute of the hour BYMINUTE allows after `minute`, or 60 (the next hour).
    private func nextAllowedMinute(after minute: Int) -> Int {
        let allowed = (minute + 1..<60).first(where: { minuteMask & (1 << UInt64($0)) != 0 })
        return allowed ?? 60
    }

    private func addMonth(year: Int, month: Int, to out: inout [RuleTime]) {
        guard let first = CalendarDay(year: year, month: month, day: 1) else { return }
        let length = CalendarDay.days(inMonth: month, year: year)
        if weekdays.isEmpty && yearDays.isEmpty && weekNumbers.isEmpty && !monthDays.isEmpty {
            // The common "on the 15th" or "on the last day": straight to those days.
            var days = monthDays.compactMap { value -> Int? in
                let day = value > 0 ? value : length + value + 1
                return (1...length).contains(day) ? day : nil
            }
            days.sort()
            var previous = 0
            for day in days where day != previous {
                addTimes(of: first.julianOffset + day - 1, to: &out)
                previous = day
            }
            return
        }
        var facts = DayFacts(first)
        for _ in 0..<length {
            if matches(facts) { addTimes(of: facts.julian, to: &out) }
            facts.advance()
        }
    }

    private func addWeeks(ofWeekYear year: Int, to out: inout [RuleTime]) {
        let first = weeks.firstDay(ofWeekYear: year)
        let total = weeks.weeks(inWeekYear: year)
        let numbers = Set(weekNumbers.map { $0 > 0 ? $0 : total + $0 + 1 }).filter { (1...total).contains($0) }.sorted()
        for number in numbers {
            var facts = DayFacts(first.adding(days: (number - 1) * 7))
            for _ in 0..<7 {
                if matches(facts) { addTimes(of: facts.julian, to: &out) }
                facts.advance()
            }
        }
    }

    private func addTimes(of julian: Int, to out: inout [RuleTime]) {
        let day = CalendarDay(julianOffset: julian)
        if isDate {
            out.append(RuleTime(day: day))
            return
        }
        for hour in hours {
            for minute in minutes {
                for second in seconds {
                    out.append(RuleTime(day: day, secondOfDay: hour * 3600 + minute * 60 + second))
                }
            }
        }
    }

    /// BYSETPOS: the n-th (or n-th from last) of the period's sorted set.
    private func pickSetPositions(_ out: inout [RuleTime]) {
        let count = out.count
        let indexes = Set(setPositions.compactMap { position -> Int? in
            let index = position > 0 ? position - 1 : count + position
            return (0..<count).contains(index) ? index : nil
        }).sorted()
        out = indexes.map { out[$0] }
    }
}
