import GtkKit

/// One row of the plan list, made once and filled again for whatever item scrolls into view:
/// an agenda day header, or a plan with its colour bar, title and range, and a
/// "Starts"/"Continues" marker. Four widgets only: a list view builds up to a few hundred
/// rows whenever its content changes, so each widget here counts.
@MainActor
final class PlanRowView: RecyclableRow {
    let root = Box(.horizontal, spacing: 10)
    var rowWidget: Widget { root }
    private let bar = Box(.vertical)
    /// The title over the range, or the header's text.
    let text = Label()
    private let marker = Label()
    private var barClass: String?
    /// The plan shown now, or nil for a header.
    private(set) var model: PlanRow?
    /// The calendar's name, shown on hover (the list asks for it then, see `RecyclingList`).
    private(set) var tooltipText: String?

    init() {
        bar.addCSSClass("color-bar")
        text.xalign = 0
        text.ellipsis = .end
        text.hexpand = true
        marker.addCSSClass("plan-marker")
        marker.valign = .center
        root.append(bar)
        root.append(text)
        root.append(marker)
    }

    func showHeader(_ header: String) {
        model = nil
        root.removeCSSClass("plan-row")
        root.addCSSClass("agenda-day")
        bar.isVisible = false
        marker.isVisible = false
        text.text = header
        wantedAccessibleLabel = header
        tooltipText = nil
    }

    /// `colorClass`: the CSS class of the plan's colour (from `ColorClasses`).
    func showPlan(_ row: PlanRow, colorClass: String) {
        model = row
        root.removeCSSClass("agenda-day")
        root.addCSSClass("plan-row")
        bar.isVisible = true
        marker.isVisible = true
        if barClass != colorClass {
            if let barClass { bar.removeCSSClass(barClass) }
            bar.addCSSClass(colorClass)
            barClass = colorClass
        }
        // The row's texts are formatted here, when it comes into view (`PlanRow`), once each.
        let rangeText = row.rangeText
        let title = "<b>\(Label.escape(row.title))</b>"
        let range = "<span size=\"small\" alpha=\"75%\" font_features=\"tnum\">\(Label.escape(rangeText))</span>"
        text.setMarkup(row.isCancelled ? "<s>\(title)</s>\n\(range)" : "\(title)\n\(range)")
        marker.text = row.markerText
        marker.setCSSClass("starts", row.startsOnDay)
        marker.setCSSClass("continues", !row.startsOnDay)
        wantedAccessibleLabel = row.accessibleLabel(rangeText: rangeText)
        tooltipText = row.calendarName.isEmpty ? nil : row.calendarName
    }

    /// The name the row should have for screen readers, sent by `sendAccessibleLabel` (after
    /// the frame that shows the row, `PlanListView`).
    private(set) var wantedAccessibleLabel: String?

    var hasUnsentAccessibleLabel: Bool { wantedAccessibleLabel != root.accessibleLabel }

    /// Sends the wanted name if it changed (a D-Bus signal).
    func sendAccessibleLabel() {
        if hasUnsentAccessibleLabel { root.accessibleLabel = wantedAccessibleLabel }
    }
}
