import Foundation

/// Where one day's plans sit in a time grid (a week view's day column): all-day plans go to
/// the all-day row; each timed plan becomes a block placed by the day's real clock.
///
/// Positions are shares of the day's real length from its first instant, so a day with 23 or
/// 25 hours (a DST change) is drawn true: its hour lines are the wall-clock hours that exist
/// (`hourLines`), and a plan at 03:00 on a spring-forward day sits where 03:00 really is. A
/// plan crossing midnight is cut at the day's edges and says so on each side. A plan shorter
/// than `minimumMinutes` is drawn that tall so its title stays readable, and overlapping
/// blocks (by the height they are drawn, not only by their times) share the width in lanes,
/// as GNOME Calendar and Google Calendar lay them out.
public struct DayColumnLayout: Equatable, Sendable {
    public struct Block: Equatable, Sendable {
        public var plan: PlanOnDay
        /// Shares of the day's length, 0 at its first instant and 1 at the next day's.
        public var top: Double
        public var bottom: Double
        /// Which lane (0 at the leading edge) of how many its group of overlapping blocks needs.
        public var lane: Int
        public var laneCount: Int
        /// The plan began before this day / goes on after it (cut at midnight).
        public var continuesFromPreviousDay: Bool
        public var continuesToNextDay: Bool
    }

    /// A wall-clock hour that exists on the day, and where its line is drawn.
    public struct HourLine: Equatable, Sendable {
        /// The instant the hour starts (format it in the locale's 12/24-hour form).
        public var instant: Date
        public var position: Double
    }

    /// Where a group of overlapping plans needs more lanes than fit: its plans past the
    /// last lane but one, counted in one marker in the last lane ("+N"), over the time they span.
    public struct Overflow: Equatable, Sendable {
        public var top: Double
        public var bottom: Double
        public var lane: Int
        public var laneCount: Int
        /// The plans not drawn, in time order.
        public var plans: [PlanOnDay]
    }

    public let day: CalendarDay
    public let allDay: [PlanOnDay]
    public let blocks: [Block]
    public let overflows: [Overflow]
    public let hourLines: [HourLine]
    /// The day's real length in hours: 24, or 23 and 25 on DST change days.
    public let hours: Double

    /// `plans` are the day's rows (`CalendarStore.slice(of:)`), in list order. `maxLanes`: the
    /// most lanes a group may take (a narrow column fits few readable ones); a group that needs
    /// more shows `maxLanes - 1` lanes of blocks and an `Overflow` in the last.
    public init(day: CalendarDay, plans: [PlanOnDay], calendar: Calendar, minimumMinutes: Double = 15,
                maxLanes: Int = .max) {
        let start = day.start(in: calendar)
        let end = day.adding(days: 1).start(in: calendar)
        let length = max(end.timeIntervalSince(start), 1)
        func share(_ instant: Date) -> Double { min(max(instant.timeIntervalSince(start) / length, 0), 1) }
        let minimum = minimumMinutes * 60 / length

        var allDay: [PlanOnDay] = []
        var placed: [Block] = []
        for row in plans {
            guard case let .timed(from, to) = row.plan.timing else {
                allDay.append(row)
                continue
            }
            let top = share(from)
            // Never past the day's end, but always `minimum` tall (moved up at the very end).
            let bottom = min(max(share(to), top + minimum), 1)
            placed.append(Block(plan: row, top: min(top, bottom - minimum), bottom: bottom, lane: 0, laneCount: 1,
                                continuesFromPreviousDay: from < start, continuesToNextDay: to > end))
        }
        self.day = day
        self.allDay = allDay
        (blocks, overflows) = Self.laidOut(placed, maxLanes: max(2, maxLanes))
        hourLines = Self.hourLines(from: start, to: end, calendar: calendar).map { HourLine(instant: $0, position: share($0)) }
        hours = length / 3_600
    }

    /// Blocks sorted by top (longer first at the same top), each group of blocks that overlap
    /// one another, directly or through others, sharing its lanes: a block takes the first lane
    /// whose last block ended by its top.
    private static func laidOut(_ blocks: [Block], maxLanes: Int) -> ([Block], [Overflow]) {
        let sorted = blocks.enumerated().sorted { first, second in
            if first.element.top != second.element.top { return first.element.top < second.element.top }
            if first.element.bottom != second.element.bottom { return first.element.bottom > second.element.bottom }
            return first.offset < second.offset
        }.map(\.element)
        var result: [Block] = []
        var overflows: [Overflow] = []
        var group: [Block] = []
        var laneEnds: [Double] = []
        var groupBottom = -1.0
        func closeGroup() {
            defer {
                group = []
                laneEnds = []
            }
            guard laneEnds.count > maxLanes else {
                result += group.map { block in
                    var block = block
                    block.laneCount = laneEnds.count
                    return block
                }
                return
            }
            let last = maxLanes - 1
            result += group.filter { $0.lane < last }.map { block in
                var block = block
                block.laneCount = maxLanes
                return block
            }
            let hidden = group.filter { $0.lane >= last }
            overflows.append(Overflow(top: hidden.map(\.top).min() ?? 0, bottom: hidden.map(\.bottom).max() ?? 0,
                                      lane: last, laneCount: maxLanes, plans: hidden.map(\.plan)))
        }
        for var block in sorted {
            if block.top >= groupBottom { closeGroup() }
            if let free = laneEnds.firstIndex(where: { $0 <= block.top }) {
                block.lane = free
                laneEnds[free] = block.bottom
            } else {
                block.lane = laneEnds.count
                laneEnds.append(block.bottom)
            }
            group.append(block)
            groupBottom = group.count == 1 ? block.bottom : max(groupBottom, block.bottom)
        }
        closeGroup()
        return (result, overflows)
    }

    /// The instants in `[start, end)` at which a wall-clock hour begins: 24 on most days, 23
    /// when the clocks go forward (the skipped hour has none), 25 when they go back (the hour
    /// that comes twice has two).
    private static func hourLines(from start: Date, to end: Date, calendar: Calendar) -> [Date] {
        var lines: [Date] = []
        var instant = start
        while instant < end {
            lines.append(instant)
            // The next whole hour on the wall clock after `instant`, found by real time, so an
            // hour that comes twice is counted twice.
            let minute = calendar.component(.minute, from: instant), second = calendar.component(.second, from: instant)
            instant = instant.addingTimeInterval(TimeInterval(3_600 - minute * 60 - second))
        }
        return lines
    }
}
