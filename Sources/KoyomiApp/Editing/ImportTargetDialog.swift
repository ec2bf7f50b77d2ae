import CalendarModel
import GtkKit

/// Where an import's plans go: a calendar that can take plans, or a new calendar made for them.
enum ImportTarget: Equatable {
    case existing(CalendarInfo)
    /// A new calendar of the user's own, named (and, when the file says, coloured) as the file.
    case new(name: String, color: String?)

    /// What its row says, and what a screen reader says for it.
    var title: String {
        switch self {
        case let .existing(calendar): calendar.name
        // TRANSLATORS: a choice when importing a file: a new calendar is made for its plans; %@ is its name.
        case let .new(name, _): FormatterStrings.fill(L("New calendar “%@”"), name)
        }
    }

    /// The calendars an import into this window can go to, and the one chosen to begin with:
    /// first a new calendar named after the file (its `X-WR-CALNAME`, else its file name
    /// without ".ics"), unless one of `writable` already has that name, which is then chosen.
    static func choices(fileName: String, calendarName: String?, color: String?,
                        writable: [CalendarInfo]) -> (targets: [ImportTarget], chosen: Int) {
        let given = calendarName?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let name = given.isEmpty ? stem(of: fileName) : given
        let existing = writable.map(ImportTarget.existing)
        if let same = writable.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
            return (existing, same)
        }
        return ([.new(name: name, color: color)] + existing, 0)
    }

    /// "work.ics" → "work"; any other name stays whole.
    private static func stem(of fileName: String) -> String {
        fileName.lowercased().hasSuffix(".ics") && fileName.count > 4 ? String(fileName.dropLast(4)) : fileName
    }
}

/// Import's question, "Add the plans of … to which calendar?": a list, one radio row per
/// choice with its colour (a button per calendar did not fit once there were many), and
/// Import and Cancel. The list scrolls past a few rows, so the dialog stays on screen.
@MainActor
final class ImportTargetDialog {
    /// One choice: its colour and a radio button whose label (and the row's name for screen
    /// readers) is the calendar's name.
    struct Row {
        let target: ImportTarget
        let row: ListBoxRow
        let radio: CheckButton
    }

    let dialog: MessageDialog
    let rows: [Row]
    private let list = ListBox()

    /// `answered` gets the chosen target, or nil for Cancel (and Escape); the dialog then closes.
    init(parent: Window, body: String, targets: [ImportTarget], chosen: Int, colors: ColorClasses,
         answered: @escaping @MainActor (ImportTarget?) -> Void) {
        // TRANSLATORS: the heading of the question which calendar takes an imported file's plans.
        dialog = MessageDialog(parent: parent, heading: L("Import Plans"), body: body)
        var made: [Row] = []
        for (index, target) in targets.enumerated() {
            let radio = CheckButton(label: target.title, isActive: index == chosen)
            radio.hexpand = true
            if let first = made.first { radio.setGroup(first.radio) }
            let swatch = Box(.horizontal)
            swatch.setCSSClasses(["color-bar", "calendar-swatch", colors.className(for: Self.color(of: target))])
            swatch.valign = .center
            let content = Box(.horizontal, spacing: 10)
            content.setMargins(top: 6, bottom: 6, start: 10, end: 10)
            content.append(swatch)
            content.append(radio)
            let row = ListBoxRow(child: content, activatable: false)
            row.accessibleLabel = target.title
            list.append(row)
            made.append(Row(target: target, row: row, radio: radio))
        }
        rows = made
        colors.flush()
        list.addCSSClass("boxed-list")
        let scroller = ScrolledWindow(child: list)
        scroller.setMaxContentHeight(280)
        dialog.setExtraChild(scroller)
        dialog.addResponse("cancel", label: L("_Cancel"))
        // TRANSLATORS: the button that imports a file's plans into the calendar chosen above it.
        dialog.addResponse("import", label: L("_Import"))
        dialog.setAppearance(.suggested, forResponse: "import")
        dialog.setDefaultResponse("import", closeResponse: "cancel")
        // The rows, not the wrapper: the answer is read from them even once nothing else keeps it.
        dialog.onResponse { [made] response in
            answered(response == "import" ? made.first { $0.radio.isActive }?.target : nil)
        }
    }

    /// The rows' texts, top to bottom.
    var rowNames: [String] { rows.map(\.target.title) }

    /// Which row is checked.
    var chosenIndex: Int? { rows.firstIndex { $0.radio.isActive } }

    var chosen: ImportTarget? { chosenIndex.map { rows[$0].target } }

    /// Checks the `index`th row, as a click on it does.
    func choose(_ index: Int) { rows[index].radio.isActive = true }

    func present() { dialog.present() }

    /// A calendar's dot colour; a new calendar's is the file's (grey when it has none yet).
    private static func color(of target: ImportTarget) -> DotColor {
        switch target {
        case let .existing(calendar): DayDecoration.dotColor(planColor: nil, calendar: calendar)
        case let .new(_, color): DotColor(spec: color ?? "", fallback: "")
        }
    }
}
