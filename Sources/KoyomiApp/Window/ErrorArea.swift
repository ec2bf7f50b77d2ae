import CalendarModel
import GtkKit

/// A dismissible strip under the header bar listing problems with the files Koyomi was given.
/// (libadwaita 1.2 has no AdwBanner.)
@MainActor
final class ErrorArea {
    let root: Revealer
    private let message = Label()
    let dismissButton = Button(iconName: "window-close-symbolic")
    private(set) var messages: [String] = []
    /// `messages` as a set, for the check that a problem is not listed twice.
    private var listed: Set<String> = []
    /// Problems written out; the rest are counted. A file whose 50,000 events each had a
    /// problem made one label of 50,000 lines, which GTK measured for half a minute.
    static let shownLimit = 8

    init() {
        let icon = Image(iconName: "dialog-error-symbolic")
        icon.valign = .start
        message.xalign = 0
        message.wraps = true
        message.isSelectable = true
        message.hexpand = true
        // TRANSLATORS: the button that hides the strip listing problems with calendar files.
        dismissButton.tooltip = L("Dismiss")
        dismissButton.accessibleLabel = dismissButton.tooltip
        dismissButton.hasFrame = false
        dismissButton.valign = .start

        let box = Box(.horizontal, spacing: 8)
        box.addCSSClass("error-area")
        box.append(icon)
        box.append(message)
        box.append(dismissButton)
        root = Revealer(child: box)
        dismissButton.onClicked { [weak self] in self?.dismiss() }
    }

    var isShowing: Bool { root.isRevealed }
    var text: String { message.text }

    /// Adds problems to the strip and shows it. A problem already listed is not added again
    /// (a sync that keeps failing says so once, not every 15 minutes); past `shownLimit` the
    /// rest are counted in a last line.
    func show(_ problems: [String]) {
        var new: [String] = []
        for problem in problems where listed.insert(problem).inserted { new.append(problem) }
        guard !new.isEmpty else {
            if !problems.isEmpty { root.isRevealed = true }
            return
        }
        messages += new
        var lines = Array(messages.prefix(Self.shownLimit))
        let more = messages.count - lines.count
        if more > 0 {
            // TRANSLATORS: the last line of the strip of problems, when there are more than it lists.
            lines.append(FormatterStrings.fill(L("…and %@ more problem", "…and %@ more problems", count: more), String(more)))
        }
        message.text = lines.joined(separator: "\n")
        message.accessibleLabel = message.text
        root.isRevealed = true
    }

    func dismiss() {
        messages.removeAll()
        listed.removeAll()
        root.isRevealed = false
    }
}
