import CICal
import Foundation

extension RecurrenceExpander {
    /// The instants within which every occurrence of `master` lies (with two days of slack
    /// for zones), or an open end when the rule never stops; so a range query can skip
    /// masters that cannot reach it without creating an iterator.
    func bounds(of master: EventRecord) -> (earliest: Date, latest: Date?) {
        let slack: TimeInterval = 2 * 86_400
        let starts = [master.start] + master.rdates
        let instants = starts.map { floatingInstant(of: $0) }
        let earliest = (instants.min() ?? .distantPast).addingTimeInterval(-slack)
        var latestStart = instants.max() ?? .distantFuture
        if master.rule != nil {
            guard let last = lastRuleStart(of: master) else { return (earliest, nil) }
            latestStart = max(latestStart, last)
        }
        let length = TimeInterval(master.length.approximateSeconds) + 86_400
        return (earliest, latestStart.addingTimeInterval(length + slack))
    }

    /// Dates are placed at their midnight in the user's zone, near enough with the slack.
    private func floatingInstant(of time: EventTime) -> Date {
        time.wall.isDate ? zones.instant(of: EventTime(wall: time.wall, zone: .floating)) : zones.instant(of: time)
    }

    /// The last start the RRULE allows: UNTIL, or the COUNT-th occurrence; nil when unbounded.
    private func lastRuleStart(of master: EventRecord) -> Date? {
        guard let rule = master.rule else { return nil }
        if let until = master.until {
            let end = until.wall.isDate ? until.wall.adding(seconds: 86_400) : until.wall
            return floatingInstant(of: EventTime(wall: end, zone: until.zone)).addingTimeInterval(86_400)
        }
        guard rule.count > 0, Int(rule.count) <= Self.iterationLimit else { return nil }
        if usesArithmetic, let simple = master.ruleBox?.simple,
           let last = simple.lastOccurrence(start: master.start.wall, limit: Self.iterationLimit) {
            return floatingInstant(of: EventTime(wall: last, zone: master.start.zone))
        }
        guard let iterator = icalrecur_iterator_new(rule, master.start.wall.icalTime) else { return nil }
        defer { icalrecur_iterator_free(iterator) }
        var last = master.start.wall
        for _ in 0...Int(rule.count) {
            let next = icalrecur_iterator_next(iterator)
            guard !icaltime_is_null_time(next).isTrue, let wall = WallTime(next) else { break }
            last = max(last, wall)
        }
        return floatingInstant(of: EventTime(wall: last, zone: master.start.zone))
    }
}
