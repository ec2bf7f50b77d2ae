import GtkKit

/// One row of the plan list, made once and filled again for whatever item scrolls into view:
/// an agenda day header, or a plan with its colour bar, title and range, and a
/// "Starts"/"Continues" marker. Few widgets: a list view keeps up to a couple of hundred
/// rows, built as a long list grows, so each widget here counts. The title and range are
/// inscriptions (one line each): refilling a row for another plan then only redraws it, where
/// labels would make GTK measure and lay out the list again.
@MainActor
final class PlanRowView: RecyclableRow {
    let root = Box(.horizontal, spacing: 10)
    var rowWidget: Widget { root }
    private let bar = Box(.vertical)
    /// The title, or the header's text.
    private let title = Inscription()
    private let range = Inscription()
    private let marker = Label()
    private var barClass: String?
    /// The plan shown now, or nil for a header.
    private(set) var model: PlanRow?
    /// The calendar's name, shown on hover (the list asks for it then, see `RecyclingList`).
    private(set) var tooltipText: String?

    init() {
        bar.addCSSClass("color-bar")
        let texts = Box(.vertical)
        texts.hexpand = true
        texts.valign = .center
        title.overflow = .ellipsizeEnd
        title.addCSSClass("plan-title")
        range.overflow = .ellipsizeEnd
        range.addCSSClass("plan-range")
        texts.append(title)
        texts.append(range)
        marker.addCSSClass("plan-marker")
        marker.valign = .center
        root.append(bar)
        root.append(texts)
        root.append(marker)
    }

    /// What the row shows: its title (or the header) and, for a plan, the range under it.
    var shownTexts: [String] { range.isVisible ? [title.text, range.text] : [title.text] }

    /// Whether the title is struck through (a cancelled plan).
    var isStruckThrough: Bool { title.hasCSSClass("cancelled") }

    func showHeader(_ header: String) {
        model = nil
        root.removeCSSClass("plan-row")
        root.addCSSClass("agenda-day")
        bar.isVisible = false
        marker.isVisible = false
        range.isVisible = false
        title.setCSSClass("cancelled", false)
        title.text = header
        wantedAccessibleLabel = header
        tooltipText = nil
    }

    /// `colorClass`: the CSS class of the plan's colour (from `ColorClasses`).
    func showPlan(_ row: PlanRow, colorClass: String) {
        model = row
        root.removeCSSClass("agenda-day")
        root.addCSSClass("plan-row")
        bar.isVisible = true
        range.isVisible = true
        if barClass != colorClass {
            if let barClass { bar.removeCSSClass(barClass) }
            bar.addCSSClass(colorClass)
            barClass = colorClass
        }
        // The row's texts are formatted here, when it comes into view (`PlanRow`), once each.
        let rangeText = row.rangeText
        title.text = row.title
        title.setCSSClass("cancelled", row.isCancelled)
        range.text = rangeText
        let place = row.place
        marker.text = row.markerText
        marker.isVisible = place != .only
        marker.setCSSClass("starts", place == .first)
        marker.setCSSClass("continues", place == .middle || place == .last)
        wantedAccessibleLabel = row.accessibleLabel(rangeText: rangeText)
        tooltipText = row.calendarName.isEmpty ? nil : row.calendarName
    }

    /// The name the row should have for screen readers, sent by `sendAccessibleLabel` (after
    /// the frame that shows the row, `PlanListView`).
    private(set) var wantedAccessibleLabel: String?

    var hasUnsentAccessibleLabel: Bool { wantedAccessibleLabel != root.accessibleLabel }

    /// Sends the wanted name (only if it changed, `Widget`).
    func sendAccessibleLabel() {
        root.accessibleLabel = wantedAccessibleLabel
    }
}
