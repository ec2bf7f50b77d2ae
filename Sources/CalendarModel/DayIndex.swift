import Foundation

/// A span's plans filed by day, built from one `plans(overlapping:)` call per source: a month
/// grid's, a week's, a day's, any span a view shows (`CalendarStore.index(for:)`).
///
/// A class so the store can fill in decorations lazily without copying the index.
final class DayIndex {
    let span: DaySpan
    /// Only days that have plans; each list already in `PlanOrdering` order.
    let plansByDay: [CalendarDay: [PlanOnDay]]
    /// Distinct plans that touch at least one day of the span.
    let planCount: Int
    private var decorations: [CalendarDay: DayDecoration] = [:]

    /// - Parameter titles: compares the plans' titles (the store's).
    init(span: DaySpan, sources: [any PlanSource], calendar: Calendar, titles: TitleCollation) {
        let interval = span.interval(in: calendar)
        let spanDays = span.days
        let days = SpanDays(span: span, days: spanDays, calendar: calendar)
        var placed: [(plan: Plan, first: Int, last: Int, starts: Int)] = []
        for source in sources {
            for plan in source.plans(overlapping: interval) {
                let planDays = days.span(of: plan)
                // Clamp to the span; a source may hand out a little more than asked.
                let first = max(span.first.distance(to: planDays.lowerBound), 0)
                let last = min(span.first.distance(to: planDays.upperBound), span.count - 1)
                guard first <= last else { continue }
                placed.append((plan, first, last, span.first.distance(to: planDays.lowerBound)))
            }
        }
        // The order is the same on every day (`PlanOrdering`), so the plans are sorted once
        // and dealt out to their days already in order, instead of sorting each day.
        var perDay = [Int](repeating: 0, count: span.count)
        for entry in placed {
            for offset in entry.first...entry.last { perDay[offset] += 1 }
        }
        var byOffset = perDay.map { count in
            var rows: [PlanOnDay] = []
            rows.reserveCapacity(count)
            return rows
        }
        for entry in PlanOrdering.sorted(placed, by: \.plan, titles: titles) {
            for offset in entry.first...entry.last {
                byOffset[offset].append(PlanOnDay(plan: entry.plan, day: spanDays[offset],
                                                  startsOnDay: offset == entry.starts))
            }
        }
        var byDay: [CalendarDay: [PlanOnDay]] = [:]
        for (offset, rows) in byOffset.enumerated() where !rows.isEmpty {
            byDay[spanDays[offset]] = rows
        }
        self.span = span
        self.plansByDay = byDay
        self.planCount = placed.count
    }

    func plans(on day: CalendarDay) -> [PlanOnDay] {
        plansByDay[day] ?? []
    }

    func decoration(for day: CalendarDay, calendars: [CalendarID: CalendarInfo]) -> DayDecoration {
        if let cached = decorations[day] { return cached }
        let rows = plans(on: day)
        let made = rows.isEmpty ? .none : DayDecoration.make(for: rows, calendars: calendars)
        decorations[day] = made
        return made
    }

    /// Works out every day's decoration now (on the thread preparing the index).
    func decorateAll(calendars: [CalendarID: CalendarInfo]) {
        for day in span.days { _ = decoration(for: day, calendars: calendars) }
    }
}

/// The span's day boundaries, computed once, so placing a timed plan on days is a binary
/// search instead of Foundation calendar arithmetic per plan (the bulk of a page's model time
/// with thousands of plans). Gives the same days as `Plan.days(in:)` inside the span; a plan
/// reaching outside it gets a day just outside, which the index clamps away.
private struct SpanDays {
    let span: DaySpan
    let days: [CalendarDay]
    /// Start of each day, then the start of the day after the last.
    let starts: [Date]

    init(span: DaySpan, days: [CalendarDay], calendar: Calendar) {
        self.span = span
        self.days = days
        starts = days.map { $0.start(in: calendar) } + [span.last.adding(days: 1).start(in: calendar)]
    }

    func span(of plan: Plan) -> ClosedRange<CalendarDay> {
        switch plan.timing {
        case let .allDay(start, end):
            return start...max(start, end.adding(days: -1))
        case let .timed(start, end):
            let first = day(containing: start)
            guard end > start else { return first...first }
            return first...max(first, day(containing: end.addingTimeInterval(-0.001)))
        }
    }

    /// The span's day containing `instant`, or the day just before / after the span.
    private func day(containing instant: Date) -> CalendarDay {
        if instant < starts[0] { return span.first.adding(days: -1) }
        if instant >= starts[starts.count - 1] { return span.last.adding(days: 1) }
        // The last start not after the instant.
        var low = 0, high = starts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= instant { low = middle } else { high = middle }
        }
        return days[low]
    }
}

extension DayIndex {
    /// Frees indexes the store no longer holds through `background` (the app's: on another
    /// thread): a month of 100,000 plans holds thousands of plan values, and freeing them took
    /// the main thread a few milliseconds right when the next click may come. The store's
    /// references end here; a `DaySlice` a view still holds keeps its index until it lets go.
    static func release(_ indexes: consuming [DayIndex], through background: any BackgroundWork) {
        guard !indexes.isEmpty else { return }
        // The caller's references end with this call (the array is consumed), so the work
        // holds the last one.
        let dropped = Dropped(consume indexes)
        background.run { dropped.release() }
    }

    private final class Dropped: @unchecked Sendable {
        private var indexes: [DayIndex]?
        init(_ indexes: [DayIndex]) { self.indexes = indexes }
        func release() { indexes = nil }
    }
}
