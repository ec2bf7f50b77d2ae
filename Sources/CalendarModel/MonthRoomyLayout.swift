import Foundation

/// What a roomy month grid shows (issue 19): each week row's bars (all-day plans and plans of
/// several days, `AllDayRowLayout`) and, in each day, as many one-line chips of its other
/// plans as fit under that day's bars, then "+N more" for the rest. A one-day bar whose title
/// does not fit its line (a holiday's name) takes two lines where its day has them to spare.
public struct MonthRoomyLayout {
    /// One week row of the grid.
    public struct Row {
        public var bars: AllDayRowLayout
        /// Per bar of `bars.bars`, the lines it is tall: 1, or 2 for a one-day bar whose title wraps.
        public var barLines: [Int]
        /// Per day of the row, the lines its bars take (its chips start under them); hidden bars
        /// are counted in `more`, not in a lane of their own as the week view's all-day row does.
        public var barLanes: [Int]
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

    /// `lines`: how many lines fit a cell under its day number (the bars' lanes included);
    /// `wraps`: whether a one-day bar's title is too long for one line (asked only of those).
    public init(span: DaySpan, plans: (CalendarDay) -> [PlanOnDay], calendar: Calendar, lines: Int,
                wraps: (AllDayRowLayout.Bar) -> Bool = { _ in false }) {
        self.lines = max(1, lines)
        // Of each day's plans that are not bars, only as many as a cell could show, and how many
        // there are: a busy day has a hundred and more. Rows are read in place; copying each (a
        // plan and its strings) cost more than the layout.
        var dayEnds: [CalendarDay: Date] = [:]
        var own: [CalendarDay: (first: [PlanOnDay], count: Int)] = [:]
        for day in span.days {
            let rows = plans(day)
            let dayEnd = day.adding(days: 1).start(in: calendar)
            dayEnds[day] = dayEnd
            var shown: [PlanOnDay] = [], count = 0
            for index in rows.indices where !Self.isBar(rows[index], dayEnd: dayEnd) {
                if count < self.lines { shown.append(rows[index]) }
                count += 1
            }
            own[day] = (shown, count)
        }
        func isBar(_ row: PlanOnDay) -> Bool {
            Self.isBar(row, dayEnd: dayEnds[row.day] ?? row.day.adding(days: 1).start(in: calendar))
        }
        var rows: [Row] = []
        var first = span.first
        while span.contains(first) {
            let week = DaySpan(first: first, count: min(7, span.last.julianOffset - first.julianOffset + 1))
            // Bars may take every line but one, which stays for a chip or "+N more".
            let bars = AllDayRowLayout(span: week, plans: plans, calendar: calendar, maxLanes: max(1, self.lines - 1),
                                       isBar: isBar)
            // The lanes each day's bars take, then the one-day bars that may take a second line:
            // the lane under them free in their day, and a line left below for a chip or "+N more".
            var taken = Array(repeating: Set<Int>(), count: week.count)
            for bar in bars.bars {
                for column in bar.column..<(bar.column + bar.length) { taken[column].insert(bar.lane) }
            }
            var barLines = Array(repeating: 1, count: bars.bars.count)
            for (index, bar) in bars.bars.enumerated() where bar.length == 1 {
                let below = bar.lane + 1
                guard below < self.lines - 1, !taken[bar.column].contains(below), wraps(bar) else { continue }
                taken[bar.column].insert(below)
                barLines[index] = 2
            }
            let barLanes = taken.map { ($0.max() ?? -1) + 1 }
            var chips: [[PlanOnDay]] = []
            var more: [Int] = []
            for (column, day) in week.days.enumerated() {
                let free = self.lines - barLanes[column]
                let (firstOwn, ownCount) = own[day] ?? ([], 0)
                let hiddenBars = bars.hidden[column]
                if ownCount + hiddenBars <= free, hiddenBars == 0 {
                    chips.append(firstOwn)
                    more.append(0)
                } else {
                    // One line says "+N more".
                    let shown = Array(firstOwn.prefix(max(0, free - 1)))
                    chips.append(shown)
                    more.append(ownCount - shown.count + hiddenBars)
                }
            }
            rows.append(Row(bars: bars, barLines: barLines, barLanes: barLanes, chips: chips, more: more))
            first = first.adding(days: 7)
        }
        self.rows = rows
    }
}
