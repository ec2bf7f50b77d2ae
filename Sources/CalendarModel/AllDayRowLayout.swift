import Foundation

/// The all-day row above a week's time grid, or a week row of a roomy month grid: each plan
/// that `isBar` picks (all-day plans; in the month, plans of several days too) is one bar
/// across the columns of the days it covers (cut where the span ends, and saying so), and bars
/// keep one lane across the span so they never cross. Lanes past `maxLanes` are folded into a
/// count per day.
public struct AllDayRowLayout: Equatable, Sendable {
    public struct Bar: Equatable, Sendable {
        /// The plan on the bar's first shown day (its row in that day's list).
        public var plan: PlanOnDay
        /// Column of the bar's first day (0 at the span's first day), and how many it covers.
        public var column: Int
        public var length: Int
        public var lane: Int
        /// The plan began before the span / goes on after it.
        public var continuesBefore: Bool
        public var continuesAfter: Bool
    }

    public let bars: [Bar]
    /// Lanes shown (at most `maxLanes`, one of them given to "+N" when some are hidden).
    public let laneCount: Int
    /// Per column, how many all-day plans of that day have no bar shown.
    public let hidden: [Int]

    /// `plans(day)` gives each day's list rows (`DaySlice.plans(on:)`); plans `isBar` leaves out
    /// are left to the time grid (or the day's chips).
    public init(span: DaySpan, plans: (CalendarDay) -> [PlanOnDay], calendar: Calendar, maxLanes: Int = 3,
                isBar: (PlanOnDay) -> Bool = \.plan.isAllDay) {
        var order: [Plan.ID] = []
        var found: [Plan.ID: (first: PlanOnDay, column: Int, last: Int)] = [:]
        for (column, day) in span.days.enumerated() {
            for row in plans(day) where isBar(row) {
                if let known = found[row.plan.id] {
                    found[row.plan.id] = (known.first, known.column, column)
                } else {
                    order.append(row.plan.id)
                    found[row.plan.id] = (row, column, column)
                }
            }
        }
        // Earliest first, then longest, then list order: at one start, long bars take the top lanes.
        let placed = order.compactMap { found[$0] }.enumerated().sorted { a, b in
            let lengthA = a.element.last - a.element.column, lengthB = b.element.last - b.element.column
            if a.element.column != b.element.column { return a.element.column < b.element.column }
            if lengthA != lengthB { return lengthA > lengthB }
            return a.offset < b.offset
        }.map(\.element)
        var laneEnds: [Int] = []
        var all: [Bar] = []
        for item in placed {
            let lane = laneEnds.firstIndex { $0 < item.column } ?? laneEnds.count
            if lane == laneEnds.count { laneEnds.append(item.last) } else { laneEnds[lane] = item.last }
            let days = item.first.plan.days(in: calendar)
            all.append(Bar(plan: item.first, column: item.column, length: item.last - item.column + 1, lane: lane,
                           continuesBefore: days.lowerBound < span.first, continuesAfter: days.upperBound > span.last))
        }
        let limit = max(1, maxLanes)
        let shown = laneEnds.count <= limit ? all : all.filter { $0.lane < limit - 1 }
        var hidden = Array(repeating: 0, count: span.count)
        for bar in all where !shown.contains(bar) {
            for column in bar.column..<(bar.column + bar.length) { hidden[column] += 1 }
        }
        bars = shown
        laneCount = min(laneEnds.count, limit)
        self.hidden = hidden
    }
}
