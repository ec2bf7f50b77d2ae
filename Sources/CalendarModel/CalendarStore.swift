import Foundation

/// The one shared model: the day the views are anchored on, which day is selected, what today
/// is, and the plans of every source placed on days, for any span a view asks for.
///
/// Views report what the user did, a coordinator calls an action here, and the store tells
/// its observers once per action what changed; views then re-read plain values
/// (`layout`, `decoration(for:)`, `plans(on:)`). Not an actor and not thread-safe: use it
/// from the GTK main thread only.
public final class CalendarStore {
    /// What an action changed. `.visibleMonth` implies a new `layout`, so every cell's
    /// decoration may differ; `.plans` means the same days now hold different plans.
    public struct Change: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let visibleMonth = Change(rawValue: 1 << 0)
        public static let selection = Change(rawValue: 1 << 1)
        public static let plans = Change(rawValue: 1 << 2)
        public static let today = Change(rawValue: 1 << 3)
        public static let calendars = Change(rawValue: 1 << 4)
    }

    /// The day the views are anchored on, always in the visible month: the day selected or
    /// shown last there, else the day of the month paging kept (the 1st at first). Each view
    /// derives what it shows from it and the selection (`DaySpan`).
    public private(set) var anchor: CalendarDay {
        didSet {
            if anchor.yearMonth != oldValue.yearMonth {
                visibleLayout = MonthLayout(month: anchor.yearMonth, firstWeekday: firstWeekday)
            }
        }
    }
    /// The anchor's month: the month grid shows it.
    public var visibleMonth: YearMonth { anchor.yearMonth }
    public private(set) var selection: CalendarDay? {
        didSet { if let selection { lastSelection = selection } }
    }
    /// The day selected last, kept after Escape (or a second click) deselects it: the arrow
    /// keys carry on from there.
    private var lastSelection: CalendarDay?
    public private(set) var today: CalendarDay
    /// The Gregorian calendar (with the user's time zone) that places plans on days.
    public private(set) var calendar: Calendar
    /// The weekday of the grid's first column: 1 = Sunday … 7 = Saturday.
    public private(set) var firstWeekday: Int

    var sources: [any PlanSource]
    /// Every source, shown or hidden (reminders come from hidden calendars too).
    public var planSources: [any PlanSource] { sources }
    /// Calendars the user switched off: their plans are left out of every query (decorations,
    /// `plans(on:)`, the agenda, search) but they stay in `calendars`, so the list can show them.
    /// Ids of calendars that are not loaded are kept too (settings may name one loaded later).
    public internal(set) var hiddenCalendars: Set<CalendarID> = []
    /// `CalendarID` → info, for decorations; rebuilt whenever the sources change.
    private(set) var calendarsByID: [CalendarID: CalendarInfo] = [:]
    /// Day indexes of the spans asked for or prepared, most recently used last: the visible
    /// grid's, its neighbours, a week's, a day's. Every query reads one (`index(for:)`), and
    /// one policy keeps them: past `indexLimit` the least recently used goes, never the
    /// visible grid's. Emptied whenever plans could land on other days (sources, visibility or
    /// time zone changed).
    private var indexes: [DayIndex] = []
    /// Counts the times `indexes` was emptied: an index prepared elsewhere before the last
    /// time holds an old set of plans (`adopt`).
    private var indexGeneration = 0
    /// The shown span, its neighbours either side (prepared ahead), and a few more.
    static let indexLimit = 6
    /// The visible month's grid, made again only when the month or the first weekday changes.
    private var visibleLayout: MonthLayout
    /// Where indexes no longer needed are freed (`BackgroundWork`).
    let background: any BackgroundWork
    /// Compares plan titles for every sort of this store's plans, remembering the pairs met.
    let titles: TitleCollation
    private var observers: [(id: Int, handler: (Change) -> Void)] = []
    private var nextObserverID = 0

    /// - Parameters:
    ///   - calendar: Gregorian, with the user's time zone; plans are placed on days with it.
    ///   - visibleMonth: the month to show first; today's month when nil.
    ///   - background: where indexes no longer needed are freed (the app's: another thread).
    ///   - titles: compares plan titles in every sort (the store's own unless given).
    /// At start `today` is selected if it is one of the visible layout's 42 days.
    public init(sources: [any PlanSource], calendar: Calendar, today: CalendarDay,
                visibleMonth: YearMonth? = nil, firstWeekday: Int, background: any BackgroundWork = InlineWork(),
                titles: TitleCollation = TitleCollation()) {
        let month = visibleMonth ?? today.yearMonth
        self.background = background
        self.titles = titles
        self.sources = sources
        self.calendar = calendar
        self.today = today
        let grid = MonthLayout(month: month, firstWeekday: firstWeekday)
        anchor = grid.isInMonth(today) ? today : month.firstDay
        visibleLayout = grid
        self.firstWeekday = grid.firstWeekday
        self.calendarsByID = Self.calendarMap(sources)
        self.selection = layout.contains(today) ? today : nil
        lastSelection = selection
    }

    /// The 42 days of the visible month's grid.
    public var layout: MonthLayout { visibleLayout }

    /// Every source's calendar, in source order, hidden ones included.
    public var calendars: [CalendarInfo] { sources.map(\.calendar) }

    /// The sources whose plans are shown: every query reads these, never `sources`.
    var visibleSources: [any PlanSource] {
        hiddenCalendars.isEmpty ? sources : sources.filter { !hiddenCalendars.contains($0.calendar.id) }
    }

    // MARK: Actions

    /// A click on a day cell. In the visible month it toggles the selection; on a greyed day
    /// of another month it pages there and selects the day.
    public func select(_ day: CalendarDay) {
        if layout.isInMonth(day) {
            selection = selection == day ? nil : day
            anchor = day
            notify(.selection)
        } else {
            anchor = day
            selection = day
            notify([.visibleMonth, .selection])
        }
    }

    /// The user chose another first day of the week: the grid is laid out again, and the
    /// selection stays if it is still one of its 42 days (the paging rule).
    public func setFirstWeekday(_ weekday: Int) {
        let normalized = MonthLayout(month: visibleMonth, firstWeekday: weekday).firstWeekday
        guard normalized != firstWeekday else { return }
        firstWeekday = normalized
        visibleLayout = MonthLayout(month: visibleMonth, firstWeekday: normalized)
        forgetIndexes()
        var change: Change = .visibleMonth
        if let day = selection, !layout.contains(day) {
            selection = nil
            change.insert(.selection)
        }
        notify(change)
    }

    /// Keyboard navigation: the selection moves by `days`, paging when it leaves the month.
    /// With nothing selected, the first move selects today if it is in the grid, else the 1st.
    /// With no day selected, the arrows move from the day selected last if the grid still
    /// shows it, else they select today (in the visible month) or the month's first day.
    public func moveSelection(by days: Int) {
        if let from = selection ?? lastSelection.flatMap({ layout.contains($0) ? $0 : nil }) {
            show(from.adding(days: days))
        } else {
            show(layout.isInMonth(today) ? today : visibleMonth.firstDay)
        }
    }

    /// Moves the selection to the same day `months` away (clamped to that month's length),
    /// paging there: Page Up / Page Down with a day selected.
    public func moveSelection(byMonths months: Int) {
        guard let current = selection else {
            showMonth(visibleMonth.adding(months: months))
            return
        }
        let month = current.yearMonth.adding(months: months)
        show(CalendarDay(year: month.year, month: month.month, day: min(current.day, month.numberOfDays)) ?? month.firstDay)
    }

    /// Selects `day`, paging to its month when it is not the visible one; unlike a click it
    /// never deselects (the arrow keys, a new plan's day, a chosen search result).
    public func show(_ day: CalendarDay) {
        var change = page(to: day.yearMonth)
        anchor = day
        if selection != day {
            selection = day
            change.insert(.selection)
        }
        notify(change)
    }

    public func clearSelection() {
        guard selection != nil else { return }
        selection = nil
        notify(.selection)
    }

    /// Pages to `month`, keeping the selection while it is still one of the new grid's days.
    public func showMonth(_ month: YearMonth) {
        notify(page(to: month))
    }

    public func showNextMonth() { showMonth(visibleMonth.next) }
    public func showPreviousMonth() { showMonth(visibleMonth.previous) }

    /// Pages to today's month and selects today.
    public func goToToday() {
        show(today)
    }

    /// The date changed under us (midnight passed, resumed from suspend). The visible month
    /// and the selection stay where the user left them.
    public func setToday(_ day: CalendarDay) {
        guard day != today else { return }
        today = day
        notify(.today)
    }

    /// The time zone changed: plans are placed on days again.
    public func setCalendar(_ calendar: Calendar) {
        guard calendar != self.calendar else { return }
        self.calendar = calendar
        forgetIndexes()
        notify(.plans)
    }

    /// Replaces every source (e.g. after reloading the files).
    public func setSources(_ sources: [any PlanSource]) {
        self.sources = sources
        sourcesChanged()
    }

    /// Adds `source`, or replaces the source whose calendar has the same id. Built-in
    /// calendars (`CalendarInfo.isBuiltIn`) stay last.
    public func addSource(_ source: any PlanSource) {
        addSources([source])
    }

    /// `addSource` of each, with one notification: observers render once for files that
    /// arrive together (the calendars read ahead at start-up).
    public func addSources(_ added: [any PlanSource]) {
        guard !added.isEmpty else { return }
        for source in added {
            if let at = sources.firstIndex(where: { $0.calendar.id == source.calendar.id }) {
                sources[at] = source
            } else if !source.calendar.isBuiltIn, let builtIn = sources.firstIndex(where: { $0.calendar.isBuiltIn }) {
                // Built-in calendars stay after the files', whenever those arrive.
                sources.insert(source, at: builtIn)
            } else {
                sources.append(source)
            }
        }
        sourcesChanged()
    }

    /// A source's plans changed in place (same objects, new contents): forget what was read.
    public func reloadPlans() {
        forgetIndexes()
        notify(.plans)
    }

    // MARK: Observation

    /// Calls `handler` after every action that changed something, once per action.
    ///
    /// Keep the returned observation for as long as you want to be called: it cancels itself
    /// when released, so discarding it ends the observation at once.
    @discardableResult
    public func observe(_ handler: @escaping (Change) -> Void) -> StoreObservation {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id, handler))
        return StoreObservation(store: self, id: id)
    }

    func removeObserver(id: Int) {
        observers.removeAll { $0.id == id }
    }

    // MARK: Internals

    /// Changes the month without notifying; the caller notifies once for the whole action.
    private func page(to month: YearMonth) -> Change {
        guard month != visibleMonth else { return [] }
        // The same day of the month there (clamped to its length).
        anchor = CalendarDay(year: month.year, month: month.month, day: min(anchor.day, month.numberOfDays)) ?? month.firstDay
        var change: Change = .visibleMonth
        if let day = selection, !layout.contains(day) {
            selection = nil
            change.insert(.selection)
        }
        return change
    }

    /// Also used when visibility changes: the cached day indexes hold the old set of plans.
    func sourcesChanged() {
        calendarsByID = Self.calendarMap(sources)
        forgetIndexes()
        notify([.plans, .calendars])
    }

    private static func calendarMap(_ sources: [any PlanSource]) -> [CalendarID: CalendarInfo] {
        // With duplicate ids the first source wins, as it does in `calendars` order.
        Dictionary(sources.map { ($0.calendar.id, $0.calendar) }, uniquingKeysWith: { first, _ in first })
    }

    /// Observers may cancel themselves or others, or add new ones, while being notified:
    /// each is looked up again just before its call, and ones added now wait for the next change.
    private func notify(_ change: Change) {
        guard !change.isEmpty else { return }
        for id in observers.map(\.id) {
            guard let entry = observers.first(where: { $0.id == id }) else { continue }
            entry.handler(change)
        }
    }

    /// Builds the day index of `span` ahead of time, so that showing it finds it ready (the
    /// window prepares the shown view's neighbours on another thread, `indexPreparation`).
    /// Nothing is notified.
    public func prepareIndex(for span: DaySpan) {
        indexPreparation(for: span).map { keep($0.build().index) }
    }

    /// What `prepareIndex(for:)` would build, to build on another thread; nil when an index
    /// holding `span` is already there. Hand the built index back with `adopt`.
    public func indexPreparation(for span: DaySpan) -> IndexPreparation? {
        guard !indexes.contains(where: { $0.span.contains(span) }) else { return nil }
        return IndexPreparation(span: span, sources: visibleSources, calendar: calendar, titles: titles,
                                calendars: calendarsByID, generation: indexGeneration)
    }

    /// Keeps an index built from `indexPreparation(for:)`, unless the plans changed since it
    /// was asked for (it would show the old ones) or its span was built meanwhile.
    public func adopt(_ prepared: PreparedIndex) {
        guard prepared.generation == indexGeneration,
              !indexes.contains(where: { $0.span.contains(prepared.index.span) }) else { return }
        keep(prepared.index)
    }

    /// Changes whenever plans could land on other days or look otherwise (sources, visibility,
    /// time zone, first weekday): what a view worked out from the plans before is stale.
    public var plansVersion: Int { indexGeneration }

    /// Whether an index holding `span` is ready (for tests of `prepareIndex`).
    public func hasPreparedIndex(for span: DaySpan) -> Bool {
        indexes.contains { $0.span.contains(span) }
    }

    /// The grid of `month` as this store lays it out (its first weekday): a span to prepare.
    public func gridSpan(of month: YearMonth) -> DaySpan {
        MonthLayout(month: month, firstWeekday: firstWeekday).span
    }

    /// The one query path: the most recent index holding `span`, else one built for it and kept.
    func index(for span: DaySpan) -> DayIndex {
        if let index = cachedIndex(holding: span) { return index }
        let index = DayIndex(span: span, sources: visibleSources, calendar: calendar, titles: titles)
        keep(index)
        return index
    }

    /// The index a query about one `day` reads: any index already holding it (a week's, while
    /// paging weeks into a month whose grid is not built), else the visible grid's for a day
    /// of the grid, else the day's own.
    func index(forDay day: CalendarDay) -> DayIndex {
        let own = DaySpan(first: day, count: 1)
        if let index = cachedIndex(holding: own) { return index }
        return index(for: layout.contains(day) ? layout.span : own)
    }

    /// The most recent cached index holding `span`, made the most recent.
    private func cachedIndex(holding span: DaySpan) -> DayIndex? {
        guard let at = indexes.lastIndex(where: { $0.span.contains(span) }) else { return nil }
        if at != indexes.count - 1 { indexes.append(indexes.remove(at: at)) }
        return indexes[indexes.count - 1]
    }

    /// Caches an index; past the limit the least recently used goes, never the visible grid's.
    private func keep(_ index: DayIndex) {
        indexes.append(index)
        if indexes.count > Self.indexLimit, let oldest = indexes.firstIndex(where: { $0.span != layout.span }) {
            DayIndex.release([indexes.remove(at: oldest)], through: background)
        }
    }

    private func forgetIndexes() {
        let forgotten = indexes
        indexes = []
        DayIndex.release(forgotten, through: background)
        indexGeneration += 1
    }
}
