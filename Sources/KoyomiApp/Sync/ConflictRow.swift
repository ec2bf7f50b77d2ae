import CalendarModel
import CalendarSync
import GtkKit

/// One sync conflict in the conflicts dialog: the plan's title, what happened in words, and
/// the ways to settle it. "Keep Both" is offered only when both sides changed the plan: for a
/// deletion on one side, keeping both is the same as keeping the changed version.
@MainActor
final class ConflictRow {
    let conflict: SyncConflict
    let row: ListBoxRow
    let titleLabel = Label()
    let explanation = Label()
    let mineButton: Button
    let theirsButton: Button
    /// nil when it would do what another button does (see the type's documentation).
    let bothButton: Button?
    private var connections: [SignalConnection] = []

    /// A button was pressed.
    var onChoice: ((SyncConflict.Choice) -> Void)?

    init(conflict: SyncConflict) {
        self.conflict = conflict
        // TRANSLATORS: a plan in the conflicts dialog that has no title.
        let title = conflict.title.isEmpty ? L("Untitled plan") : conflict.title
        // TRANSLATORS: the buttons that settle a sync conflict.
        mineButton = Button(label: L("Keep Mine"))
        theirsButton = Button(label: L("Keep Theirs"))
        bothButton = conflict.kind == .bothChanged ? Button(label: L("Keep Both")) : nil
        // TRANSLATORS: what a screen reader says for the conflict buttons; %@ is the plan's title.
        mineButton.accessibleLabel = FormatterStrings.fill(L("Keep my version of %@"), title)
        theirsButton.accessibleLabel = FormatterStrings.fill(L("Keep the server's version of %@"), title)
        bothButton?.accessibleLabel = FormatterStrings.fill(L("Keep both versions of %@"), title)

        let content = Box(.vertical, spacing: 4)
        content.setMargins(top: 10, bottom: 10, start: 12, end: 12)
        titleLabel.text = title
        titleLabel.xalign = 0
        titleLabel.ellipsis = .end
        titleLabel.addCSSClass("heading")
        content.append(titleLabel)
        explanation.text = Self.explanation(for: conflict.kind)
        explanation.xalign = 0
        explanation.wraps = true
        explanation.addCSSClass("dim-label")
        content.append(explanation)
        let buttons = Box(.horizontal, spacing: 6)
        buttons.marginTop = 4
        buttons.halign = .end
        for button in [mineButton, theirsButton, bothButton].compactMap({ $0 }) { buttons.append(button) }
        content.append(buttons)
        row = ListBoxRow(child: content, activatable: false)

        connections.append(mineButton.onClicked { [weak self] in self?.onChoice?(.mine) })
        connections.append(theirsButton.onClicked { [weak self] in self?.onChoice?(.theirs) })
        if let bothButton {
            connections.append(bothButton.onClicked { [weak self] in self?.onChoice?(.both) })
        }
    }

    /// What happened to the plan, in words.
    static func explanation(for kind: SyncConflict.Kind) -> String {
        switch kind {
        case .bothChanged:
            // TRANSLATORS: a sync conflict: the plan was edited on this computer and on the server.
            L("Changed here and on the server.")
        case .deletedOnServer:
            L("Deleted on the server but changed here.")
        case .deletedHere:
            L("Deleted here but changed on the server.")
        }
    }
}
