import CalendarModel
import CalendarSync
import Foundation
import GtkKit

/// "Subscribe to Calendar…": the address of a published calendar (webcal://, https://), shown
/// read-only and refreshed with every sync. Subscribe waits for an address Koyomi can follow;
/// what is wrong with one is said under the field.
@MainActor
final class SubscribeDialog {
    let dialog: Dialog
    let addressEntry = Entry()
    let problemLabel = Label()
    /// Subscribe was pressed (or Enter) with a usable address, as typed.
    var onSubscribe: ((String) -> Void)?
    private var keepAlive: SubscribeDialog?
    private var connections: [SignalConnection] = []

    init(parent: Window) {
        // TRANSLATORS: title of the dialog that follows a published calendar by its web address.
        dialog = Dialog(transientFor: parent, title: L("Subscribe to Calendar"), cancelLabel: L("_Cancel"),
                        saveLabel: L("_Subscribe"))
        dialog.setDefaultSize(width: 420, height: -1)
        let form = Box(.vertical, spacing: 8)
        form.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        // TRANSLATORS: above the address field of the subscribe dialog.
        let caption = Label(L("Address of a published calendar (webcal:// or https://)"))
        caption.xalign = 0
        caption.wraps = true
        form.append(caption)
        addressEntry.placeholder = "webcal://example.com/holidays.ics"
        addressEntry.activatesDefault = true
        addressEntry.accessibleLabel = caption.text
        form.append(addressEntry)
        problemLabel.xalign = 0
        problemLabel.wraps = true
        problemLabel.addCSSClass("error")
        problemLabel.isVisible = false
        form.append(problemLabel)
        dialog.setContent(form)
        dialog.isSaveEnabled = false

        connections.append(addressEntry.onChanged { [weak self] in self?.check() })
        connections.append(dialog.onSave { [weak self] in self?.submit() })
        connections.append(dialog.onClosed { [weak self] in self?.keepAlive = nil })
    }

    func present() {
        keepAlive = self
        dialog.present()
        addressEntry.grabFocus()
    }

    func close() { dialog.close() }

    private func check() {
        let text = addressEntry.text.trimmingCharacters(in: .whitespaces)
        var problem: String?
        if !text.isEmpty {
            do {
                _ = try Subscription.address(text)
            } catch {
                // TRANSLATORS: under the subscribe dialog's address field when it is not a calendar address.
                problem = L("Use a webcal:// or https:// address")
            }
        }
        problemLabel.text = problem ?? ""
        problemLabel.isVisible = problem != nil
        dialog.isSaveEnabled = !text.isEmpty && problem == nil
    }

    private func submit() {
        guard dialog.isSaveEnabled else { return }
        let text = addressEntry.text.trimmingCharacters(in: .whitespaces)
        dialog.close()
        onSubscribe?(text)
    }
}
