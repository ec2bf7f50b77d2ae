import GtkKit

/// What the results list reports.
@MainActor
protocol SearchResultsViewDelegate: AnyObject {
    func searchResults(_ view: SearchResultsView, didActivate row: SearchResultRow)
}

/// The search results, shown in place of the plan list while searching.
@MainActor
final class SearchResultsView {
    weak var delegate: SearchResultsViewDelegate?
    let root: ScrolledWindow
    private let list = ListBox()
    private let empty = Label()
    private let colors: ColorClasses
    private(set) var rows: [SearchResultRow] = []
    private var rowWidgets: [ListBoxRow] = []

    init(colors: ColorClasses) {
        self.colors = colors
        list.addCSSClass("plan-list")
        list.addCSSClass("search-results")
        list.vexpand = true
        // TRANSLATORS: the name screen readers give the list of search results.
        list.accessibleLabel = L("Search results")
        empty.addCSSClass("empty-list")
        empty.wraps = true
        list.setPlaceholder(empty)
        root = ScrolledWindow(child: list)
        root.vexpand = true
        list.onRowActivated { [weak self] activated in
            guard let self, let at = self.rowWidgets.firstIndex(where: { $0 === activated }) else { return }
            self.delegate?.searchResults(self, didActivate: self.rows[at])
        }
    }

    var emptyText: String? { rows.isEmpty ? empty.text : nil }

    /// Shows `rows` (nearest first); `emptyText` when there are none; `summary` is read out
    /// as the list's description ("12 plans").
    func render(_ newRows: [SearchResultRow], emptyText: String, summary: String) {
        empty.text = emptyText
        list.accessibleDescription = summary
        guard newRows != rows else { return }
        list.removeAll()
        rows = newRows
        rowWidgets = newRows.map(makeRow)
        rowWidgets.forEach(list.append)
        root.verticalOffset = 0
        colors.flush()
    }

    /// Activates a row as Enter or a click would.
    func activateRow(at index: Int) {
        guard rows.indices.contains(index) else { return }
        delegate?.searchResults(self, didActivate: rows[index])
    }

    /// Moves the keyboard focus to the first result (Down from the search field).
    func focusFirstRow() {
        rowWidgets.first?.grabFocus()
    }

    private func makeRow(_ model: SearchResultRow) -> ListBoxRow {
        let bar = Box(.vertical)
        bar.addCSSClass("color-bar")
        bar.addCSSClass(colors.className(for: model.color))

        let title = Label(model.title)
        title.addCSSClass("plan-title")
        title.xalign = 0
        title.ellipsis = .end
        title.hexpand = true

        let detail = Label(model.detailText)
        detail.addCSSClass("plan-range")
        detail.xalign = 0
        detail.ellipsis = .end

        let text = Box(.vertical, spacing: 2)
        text.append(title)
        text.append(detail)
        text.hexpand = true

        let content = Box(.horizontal, spacing: 10)
        content.addCSSClass("plan-row")
        content.append(bar)
        content.append(text)

        let row = ListBoxRow(child: content)
        row.accessibleLabel = model.accessibleLabel
        row.tooltip = model.calendarName.isEmpty ? nil : model.calendarName
        return row
    }
}
