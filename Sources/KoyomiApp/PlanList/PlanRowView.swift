import GtkKit

/// A plan list row: colour bar, title, range and a "Starts"/"Continues" marker.
@MainActor
final class PlanRowView {
    let row: ListBoxRow
    let model: PlanRow

    init(_ model: PlanRow, colors: ColorClasses) {
        self.model = model
        let bar = Box(.vertical)
        bar.addCSSClass("color-bar")
        bar.addCSSClass(colors.className(for: model.color))

        let title = Label(model.title)
        title.addCSSClass("plan-title")
        title.xalign = 0
        title.ellipsis = .end
        title.hexpand = true
        if model.isCancelled { title.addCSSClass("dim-label") }

        let range = Label(model.rangeText)
        range.addCSSClass("plan-range")
        range.xalign = 0

        let text = Box(.vertical, spacing: 2)
        text.append(title)
        text.append(range)
        text.hexpand = true

        let marker = Label(model.markerText)
        marker.addCSSClass("plan-marker")
        marker.addCSSClass(model.startsOnDay ? "starts" : "continues")
        marker.valign = .center

        let content = Box(.horizontal, spacing: 10)
        content.addCSSClass("plan-row")
        content.append(bar)
        content.append(text)
        content.append(marker)

        row = ListBoxRow(child: content)
        row.accessibleLabel = model.accessibleLabel
        row.tooltip = model.calendarName.isEmpty ? nil : model.calendarName
    }
}
