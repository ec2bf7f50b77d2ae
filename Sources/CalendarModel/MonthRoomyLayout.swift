import Foundation

/// What a roomy month grid shows (issue 19): each week row's bars (all-day plans and plans of
/// several days, `AllDayRowLayout`) and, in each day, as many one-line chips of its other
/// plans as fit under the bars, then "+N more" for the rest.
public struct MonthRoomyLayout {
    /// One week row of the grid.
    public struct Row {
        public var bars: AllDayRowLayout
        /// Lines the shown bars take (the chips start under them); hidden bars are counted in
        /// `more`, not in a lane of their own as the week view's all-day row does.
        public var barLanes: Int
        /// Per day of the row (7), the chips shown and how many plans the day does not show.
        public var chips: [[PlanOnDay]]
        public var more: [Int]
    }

    public let rows: [Row]
    /// Lines a cell fits under its number (bars and chips are a line each).
    public let lines: Int

    /// Plans drawn as bars: all-day ones, and those that touch more than one day. Read from
    /// the row itself and the start of the next day (`dayEnd`), not from the plan's days in the
    /// calendar: a busy month asks this of thousands of rows on every page.
    public static func isBar(_ row: PlanOnDay, dayEnd: Date) -> Bool {
        switch row.plan.timing {
        case .allDay: return true
        case let .timed(_, end): return !row.startsOnDay || end > dayEnd
        }
    }

    /// `lines`: how many lines fit a cell under its day number (the bars' lanes included).
    public init(span: DaySpan, plans: (CalendarDay) -> [PlanOnDay], calendar: Calendar, lines: Int) {
        self.lines = max(1, lines)
        var rows: [Row] = []
        var ends: [CalendarDay: Date] = [:]
        for day in span.days { ends[day] = day.adding(days: 1).start(in: calendar) }
        func isBar(_ row: PlanOnDay) -> Bool {
            Self.isBar(row, dayEnd: ends[row.day] ?? row.day.adding(days: 1).start(in: calendar))
        }
        var first = span.first
        while span.contains(first) {
            let week = DaySpan(first: first, count: min(7, span.last.julianOffset - first.julianOffset + 1))
            // Bars may take every line but one, which stays for a chip or "+N more".
            let bars = AllDayRowLayout(span: week, plans: plans, calendar: calendar, maxLanes: max(1, self.lines - 1),
                                       isBar: isBar)
            var chips: [[PlanOnDay]] = []
            var more: [Int] = []
            let barLanes = (bars.bars.map(\.lane).max() ?? -1) + 1
            let free = self.lines - barLanes
            for (column, day) in week.days.enumerated() {
                let own = plans(day).filter { !isBar($0) }
                let hiddenBars = bars.hidden[column]
                if own.count + hiddenBars <= free, hiddenBars == 0 {
                    chips.append(own)
                    more.append(0)
                } else {
                    // One line says "+N more".
                    let shown = Array(own.prefix(max(0, free - 1)))
                    chips.append(shown)
                    more.append(own.count - shown.count + hiddenBars)
                }
            }
            rows.append(Row(bars: bars, barLanes: barLanes, chips: chips, more: more))
            first = first.adding(days: 7)
        }
        self.rows = rows
    }
}
