import Foundation

extension RecurrenceExpander {
    /// The instants within which every occurrence of `master` lies (with two days of slack
    /// for zones), or an open end when the rule never stops; so a range query can skip
    /// masters that cannot reach it without creating an iterator.
    func bounds(of master: EventRecord) -> (earliest: Date, latest: Date?) {
        let slack: TimeInterval = 2 * 86_400
        let starts = [master.start] + master.rdates
        let instants = starts.map { floatingInstant(of: $0) }
        let earliest = (instants.min() ?? .distantPast).addingTimeInterval(-slack - TimeInterval(Self.laterChangeReach(of: master)))
        var latestStart = instants.max() ?? .distantFuture
        if master.rule != nil {
            guard let last = lastRuleStart(of: master) else { return (earliest, nil) }
            latestStart = max(latestStart, last)
        }
        let longest = max(([master.length] + master.rdateLengths.values).map(\.approximateSeconds).max() ?? 0,
                          Self.laterChangeReach(of: master))
        let length = TimeInterval(longest) + 86_400
        return (earliest, latestStart.addingTimeInterval(length + slack))
    }

    /// Dates are placed at their midnight in the user's zone, near enough with the slack.
    private func floatingInstant(of time: EventTime) -> Date {
        time.wall.isDate ? zones.instant(of: EventTime(wall: time.wall, zone: .floating)) : zones.instant(of: time)
    }

    /// The last start the RRULEs allow: the latest UNTIL or COUNT-th occurrence of any; nil when
    /// one is unbounded.
    private func lastRuleStart(of master: EventRecord) -> Date? {
        var latest = Date.distantPast
        for (expansion, rule) in zip(expansions(of: master), master.allRules) {
            guard let last = expansion.lastStart() else { return nil }
            if let until = rule.until, expansion.rule.count == nil {
                let end = until.wall.isDate ? until.wall.adding(seconds: 86_400) : until.wall
                latest = max(latest, floatingInstant(of: EventTime(wall: end, zone: until.zone)).addingTimeInterval(86_400))
            } else {
                let wall = WallTime(last, isDate: master.start.wall.isDate)
                latest = max(latest, floatingInstant(of: EventTime(wall: wall, zone: master.start.zone)))
            }
        }
        return latest
    }
}
