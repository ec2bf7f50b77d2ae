import CalendarModel
import GtkKit

/// The year view as one of the window's views. Its 12 × 42 cells are made the first time it
/// is shown, not at start-up; each year's decorations (`YearSlice`) are worked out off the
/// window's thread, the shown year's first and then the years either side, and kept while the
/// store's plans stay the same (`plansVersion`; the old ones stay drawn until the new ones come).
@MainActor
final class YearPage {
    private let container = Box(.vertical)
    private let colors: ColorClasses
    private(set) var view: YearView?
    private weak var coordinator: CalendarCoordinator?
    var formatter: CalendarFormatter {
        didSet {
            view?.formatter = formatter
            forgetSlices() // their spoken names are the old formatter's
        }
    }
    /// Slices of the plans as of `version` by year, and those of the plans before (drawn meanwhile).
    private var slices: [Int: YearSlice] = [:]
    private var staleSlices: [Int: YearSlice] = [:]
    private var building: Set<Int> = []
    /// The store's `plansVersion` the slices are of (nil: none yet, or the formatter changed).
    private var version: Int?
    /// Raised whenever the slices are forgotten: a slice asked for before is not kept.
    private var generation = 0
    /// The last context drawn, to draw again when a slice comes.
    private var context: CalendarViewContext?

    init(formatter: CalendarFormatter, colors: ColorClasses) {
        self.formatter = formatter
        self.colors = colors
        container.vexpand = true
    }

    /// The year shown for the store's state: the selected day's, else the anchor's.
    static func year(for store: CalendarStore) -> Int { (store.selection ?? store.anchor).year }

    private func madeView() -> YearView {
        if let view { return view }
        let made = YearView(formatter: formatter, colors: colors)
        made.delegate = coordinator
        container.append(made.root)
        view = made
        return made
    }

    fileprivate func draw(_ context: CalendarViewContext) {
        self.context = context
        let store = context.store
        if store.plansVersion != version {
            forgetSlices()
            version = store.plansVersion
        }
        let year = Self.year(for: store)
        let slice = [slices[year], staleSlices[year]].compactMap { $0 }.first { $0.firstWeekday == store.firstWeekday }
        madeView().render(YearViewState(year: year, firstWeekday: store.firstWeekday, selection: store.selection,
                                        today: store.today, slice: slice))
        if slices[year]?.firstWeekday != store.firstWeekday { build(year, store: store) }
    }

    fileprivate func forgetSlices() {
        generation += 1
        version = nil
        staleSlices.merge(slices) { _, new in new }
        slices = [:]
        building = []
    }

    /// Only the years around the shown one are kept.
    private func keepNear(_ year: Int) {
        slices = slices.filter { abs($0.key - year) <= 2 }
        staleSlices = staleSlices.filter { abs($0.key - year) <= 2 }
    }

    /// Builds `year`'s slice on another thread; when it comes it is drawn if its year is
    /// shown, and the years either side are built next.
    private func build(_ year: Int, store: CalendarStore) {
        guard !building.contains(year) else { return }
        building.insert(year)
        let preparation = store.yearPreparation(for: year).naming(like: formatter)
        let generation = generation
        MainLoop.runInBackground(givingWay: true, { preparation.build() }, then: { [weak self] slice in
            guard let self, generation == self.generation else { return }
            self.building.remove(year)
            self.slices[year] = slice
            self.staleSlices[year] = nil
            guard let context = self.context, self.container.isVisible else { return }
            let shown = Self.year(for: context.store)
            self.keepNear(shown)
            if shown == year { self.draw(context) }
            for neighbour in [shown + 1, shown - 1] where self.slices[neighbour] == nil && abs(neighbour - year) <= 1 {
                self.build(neighbour, store: context.store)
            }
        })
    }
}

extension YearPage: CalendarView {
    var kind: CalendarViewKind { .year }
    var rootWidget: Widget { container }

    func report(to coordinator: CalendarCoordinator) {
        self.coordinator = coordinator
        view?.delegate = coordinator
    }

    func span(for store: CalendarStore) -> DaySpan { YearSlice.days(of: Self.year(for: store)) }

    func title(for store: CalendarStore, formatter: CalendarFormatter) -> ViewTitle {
        let text = formatter.yearTitle(Self.year(for: store))
        // TRANSLATORS: the header's paging buttons in the year view.
        return ViewTitle(text: text, shortText: { text }, previous: L("Previous year"), next: L("Next year"))
    }

    /// A page is a year: the selected day moves to the same day a year away.
    func page(_ store: CalendarStore, by pages: Int) {
        store.moveSelection(byMonths: 12 * pages)
    }

    var needsSelection: Bool { true }

    func render(_ context: CalendarViewContext) { draw(context) }

    /// The store's `plansVersion` says whether the slices are still the plans'.
    func plansChanged(_ context: CalendarViewContext) { draw(context) }

    /// The year's slices are its own preparation (`build`): no month index to prepare.
    func spansToPrepare(for store: CalendarStore) -> [DaySpan] { [] }

    func focusBestCell() { view?.focusBestCell() }
}
