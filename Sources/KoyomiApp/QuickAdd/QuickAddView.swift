import Foundation
import GtkKit

/// The header's + popover: one entry for a plan in plain words, a live preview of what it
/// will make, and "More Options…" for the full editor. It only shows and reports.
@MainActor
final class QuickAddView {
    let popover: Popover
    let entry = Entry(placeholder: L("Lunch with Ann tomorrow 12:30"))
    /// What will be created, in the user's words (the understood words are bold in the entry).
    let preview = Label()
    let moreButton = Button(label: L("More Options…"))
    /// Enter in the entry.
    var onSave: (() -> Void)?
    var onChange: (() -> Void)?
    var onMoreOptions: (() -> Void)?
    /// The popover opens: what it says is worked out again (calendars come and go meanwhile).
    var onOpen: (() -> Void)?

    init() {
        let box = Box(.vertical, spacing: 8)
        box.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        entry.widthChars = 32
        // TRANSLATORS: the screen-reader name of the quick-add field under the header's + button.
        entry.accessibleLabel = L("New plan in words")
        preview.xalign = 0
        preview.wraps = true
        preview.maxWidthChars = 40
        moreButton.halign = .end
        box.append(entry)
        box.append(preview)
        box.append(moreButton)
        popover = Popover(child: box)
        entry.onChanged { [weak self] in self?.onChange?() }
        entry.onActivate { [weak self] in self?.onSave?() }
        moreButton.onClicked { [weak self] in self?.onMoreOptions?() }
        // Typing starts at once when the popover opens.
        popover.onSignal("map") { [weak self] in
            self?.onOpen?()
            _ = self?.entry.grabFocus()
        }
    }

    /// Shows the preview lines (the first, the plan's title, in bold when `titled`) and the
    /// understood words of the entry in bold. A screen reader hears the preview once typing
    /// pauses (the entry's description, which Orca reads when it changes on the focused field;
    /// GTK 4.8 has no announcement call): saying it at every keystroke would drown the typing.
    func show(preview text: String, titled: Bool = false, understood: [Range<String.Index>]) {
        let lines = text.components(separatedBy: "\n")
        if titled, let first = lines.first {
            preview.setMarkup(([ "<b>" + Label.escape(first) + "</b>"] + lines.dropFirst().map(Label.escape)).joined(separator: "\n"))
        } else {
            preview.text = text
        }
        entry.emphasize(understood)
        pendingDescription?.cancel()
        pendingDescription = MainLoop.after(milliseconds: Self.typingPauseMilliseconds) { [weak self] in
            self?.entry.accessibleDescription = text
        }
    }

    /// How long typing must pause before the preview is said.
    static let typingPauseMilliseconds: UInt32 = 600
    private var pendingDescription: MainLoopSource?
}
