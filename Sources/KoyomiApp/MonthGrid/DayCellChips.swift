import CalendarModel
import GtkKit

/// The roomy part of a day cell (issue 19): room left for the week row's bars, then one-line
/// chips of the day's other plans (a colour mark, the title, the start time where it fits) and
/// "+N more".
/// Made once per cell and refilled; hidden while the grid is compact (dots). A chip is one
/// inscription whose colour mark is its starting border, as a bar's is: a page refills some 200
/// chips, and a mark and a row of their own made each chip three widgets (a tenth of a page's
/// frame).
@MainActor
final class DayCellChips {
    let root = Box(.vertical)
    private let barSpace = Box(.vertical)
    private var chips: [(text: Inscription, markClass: String?)] = []
    /// Each shown chip's whole text, its time included where the chip had no room for it.
    private var wholeTexts: [String] = []
    private let more = Inscription()
    private var moreLineHeight: Int32 = 0
    /// The plans the chips show now, in order.
    private(set) var shown: [PlanOnDay] = []
    /// The plan of the chip the pointer last pressed, taken by the cell's click.
    private var pressed: PlanOnDay?
    private var presses: [ClickGesture] = []
    private var shownBarLanes = -1
    /// Lines the week row's bars take above the chips.
    var barLanes: Int { max(0, shownBarLanes) }

    init() {
        root.isVisible = false
        root.append(barSpace)
        more.addCSSClass("month-more")
        more.minLines = 0
        more.xalign = 0
        more.isVisible = false
        root.append(more)
    }

    var moreText: String? { more.isVisible ? more.text : nil }
    /// The "+N more" widget while it shows, for checks of where it is drawn.
    var moreWidget: Widget? { more.isVisible ? more : nil }
    var chipTexts: [String] { chips.prefix(shown.count).map(\.text.text) }
    /// The shown chips, for checks of where and how they are drawn (the mark is the first
    /// `markWidth` pixels on the reading side).
    var chipWidgets: [Widget] { chips.prefix(shown.count).map(\.text) }
    /// The colour mark's width (`Stylesheet`'s `.month-chip` border).
    static let markWidth = 4

    /// Shows `plans` as chips under `barLanes` lines left for the bars, then "+`hidden` more".
    func show(_ plans: [PlanOnDay], barLanes: Int, hidden: Int, lineHeight: Int32, text: (PlanOnDay) -> (shown: String, whole: String),
              colorClass: (PlanOnDay) -> String) {
        // A new size request measures the window again: only when the lanes change.
        if barLanes != shownBarLanes {
            shownBarLanes = barLanes
            barSpace.setSizeRequest(height: Int32(barLanes) * lineHeight)
        }
        while chips.count < plans.count { addChip(lineHeight: lineHeight) }
        shown = plans
        wholeTexts.removeAll(keepingCapacity: true)
        for (index, chip) in chips.enumerated() {
            guard index < plans.count else {
                chip.text.isVisible = false
                continue
            }
            chip.text.isVisible = true
            let (words, whole) = text(plans[index])
            wholeTexts.append(whole)
            if chip.text.text != words { chip.text.text = words }
            // A screen reader hears the time the chip had no room for.
            chip.text.accessibleLabel = whole
            let name = colorClass(plans[index])
            if name != chip.markClass {
                if let old = chip.markClass { chip.text.removeCSSClass(old) }
                chip.text.addCSSClass(name)
                chips[index].markClass = name
            }
        }
        // A line of its own, as a chip has: with no lines and no size request GTK gives the
        // inscription no height, and the count was in the accessibility tree but never drawn.
        if hidden > 0, moreLineHeight != lineHeight {
            moreLineHeight = lineHeight
            more.setSizeRequest(height: lineHeight)
        }
        more.isVisible = hidden > 0
        // TRANSLATORS: the last line of a roomy month cell: %d more plans than the cell shows.
        let moreText = hidden > 0 ? String(format: L("+%d more"), hidden) : ""
        if hidden > 0, more.text != moreText { more.text = moreText }
    }

    private func addChip(lineHeight: Int32) {
        let text = Inscription()
        text.addCSSClass("month-chip")
        text.setSizeRequest(height: lineHeight)
        text.minLines = 0
        text.minChars = 1
        text.overflow = .ellipsizeEnd
        text.hexpand = true
        text.xalign = 0
        root.insert(text, before: more)
        let index = chips.count
        // A chip is cut to its cell's width: resting the pointer on it shows it whole.
        text.provideTooltip { [weak self] in self?.tooltip(ofChip: index) }
        let press = ClickGesture(on: text)
        press.onPressed { [weak self] _ in
            guard let self, index < self.shown.count else { return }
            self.pressed = self.shown[index]
        }
        presses.append(press)
        chips.append((text, nil))
    }

    /// What chip `index` says, whole (its tooltip).
    func tooltip(ofChip index: Int) -> String? {
        index < wholeTexts.count ? wholeTexts[index] : nil
    }

    /// The plan whose chip was pressed for the click being handled, once.
    func takePressedPlan() -> PlanOnDay? {
        defer { pressed = nil }
        return pressed
    }
}
