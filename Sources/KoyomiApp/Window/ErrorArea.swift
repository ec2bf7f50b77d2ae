import GtkKit

/// A dismissible strip under the header bar listing problems with the files Koyomi was given.
/// (libadwaita 1.2 has no AdwBanner.)
@MainActor
final class ErrorArea {
    let root: Revealer
    private let message = Label()
    let dismissButton = Button(iconName: "window-close-symbolic")
    private(set) var messages: [String] = []

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
    /// (a sync that keeps failing says so once, not every 15 minutes).
    func show(_ problems: [String]) {
        let new = problems.filter { !messages.contains($0) }
        guard !new.isEmpty else {
            if !problems.isEmpty { root.isRevealed = true }
            return
        }
        messages += new
        message.text = messages.joined(separator: "\n")
        message.accessibleLabel = message.text
        root.isRevealed = true
    }

    func dismiss() {
        messages.removeAll()
        root.isRevealed = false
    }
}
