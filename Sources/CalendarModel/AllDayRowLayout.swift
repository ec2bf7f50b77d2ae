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
        // A bar begins where its plan starts, or on the span's first day; how far it reaches
        // comes from the plan's end against the span's day boundaries. No plan is looked up
        // by its ID and no plan's days are worked out by the calendar: a busy month's rows
        // hold thousands of bar rows, and both were most of a page's time.
        let days = span.days
        let starts = (days + [span.last.adding(days: 1)]).map { $0.start(in: calendar) }
        // Each day's rows are kept (arrays share their storage) and bars are found, sorted and
        // given lanes as small values pointing into them: a busy month's week has hundreds of
        // bar rows, nearly all folded into "+N", and copying a row (a plan and its strings)
        // for each was most of the layout's time. Only the bars shown copy their row.
        let rowsByColumn = days.map(plans)
        var found: [Found] = []
        for (column, day) in days.enumerated() {
            let rows = rowsByColumn[column]
            for index in rows.indices where (rows[index].startsOnDay || column == 0) && isBar(rows[index]) {
                let last: Int, before: Bool, after: Bool
                switch rows[index].plan.timing {
                case let .allDay(start, end):
                    let lastDay = max(start, end.adding(days: -1))
                    last = min(days.count - 1, column + max(0, lastDay.julianOffset - day.julianOffset))
                    before = start < span.first
                    after = lastDay > span.last
                case let .timed(start, end):
                    // The last day whose start the plan passes (ending at midnight is not on the next day).
                    var reach = column
                    while reach + 1 < days.count, end > starts[reach + 1] { reach += 1 }
                    last = reach
                    before = start < starts[0]
                    after = end > starts[days.count]
                }
                found.append(Found(column: column, row: index, last: last, before: before, after: after, order: found.count))
            }
        }
        // Earliest first, then longest, then list order: at one start, long bars take the top lanes.
        found.sort { a, b in
            if a.column != b.column { return a.column < b.column }
            if a.last != b.last { return a.last > b.last }
            return a.order < b.order
        }
        var laneEnds: [Int] = []
        for index in found.indices {
            let item = found[index]
            let lane = laneEnds.firstIndex { $0 < item.column } ?? laneEnds.count
            if lane == laneEnds.count { laneEnds.append(item.last) } else { laneEnds[lane] = item.last }
            found[index].lane = lane
        }
        let limit = max(1, maxLanes)
        // Past the limit, the last lane shown says "+N" instead.
        let shownLanes = laneEnds.count <= limit ? laneEnds.count : limit - 1
        var hidden = Array(repeating: 0, count: span.count)
        var shown: [Bar] = []
        for item in found {
            guard item.lane < shownLanes else {
                for column in item.column...item.last { hidden[column] += 1 }
                continue
            }
            shown.append(Bar(plan: rowsByColumn[item.column][item.row], column: item.column, length: item.last - item.column + 1,
                             lane: item.lane, continuesBefore: item.before, continuesAfter: item.after))
        }
        bars = shown
        laneCount = min(laneEnds.count, limit)
        self.hidden = hidden
    }

    /// A bar row found: its day's column, its index in that day's rows, the column of its last
    /// day, whether it is cut at either end, its place in the order found, and the lane given.
    private struct Found {
        var column: Int
        var row: Int
        var last: Int
        var before: Bool
        var after: Bool
        var order: Int
        var lane = 0
    }
}
