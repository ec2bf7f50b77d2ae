import GtkKit
import XCTest

final class DialogTests: GtkTestCase {
    @MainActor private static let application: Application = {
        let application = Application(id: "app.koyomi.Tests.Dialog", flags: [.nonUnique])
        application.register()
        return application
    }()

    func testModalOverItsParentWithCancelAndSave() {
        onMain {
            let parent = Window(application: Self.application)
            defer { parent.destroy() }
            let dialog = Dialog(transientFor: parent, title: "New Plan", cancelLabel: "Cancel", saveLabel: "Save")
            XCTAssertTrue(dialog.isModal)
            XCTAssertTrue(dialog.isTransient(for: parent))
            XCTAssertEqual(dialog.title, "New Plan")
            XCTAssertTrue(dialog.saveButton.hasCSSClass("suggested-action"))
            dialog.setContent(Label("fields"))
            dialog.isSaveEnabled = false
            XCTAssertFalse(dialog.saveButton.isSensitive)
            var saves = 0
            dialog.onSave { saves += 1 }
            dialog.isSaveEnabled = true
            dialog.saveButton.click()
            XCTAssertEqual(saves, 1)
            var cancels = 0, closes = 0
            dialog.onCancel = { cancels += 1 }
            dialog.onClosed { closes += 1 }
            dialog.present()
            dialog.close()
            dialog.close() // an owner closing what already closed: nothing happens
            dialog.cancel()
            MainLoop.drain()
            XCTAssertEqual(cancels, 0, "closing after a save is no cancel")
            XCTAssertEqual(closes, 1)
        }
    }

    func testCancelButtonCancelsOnce() {
        onMain {
            let parent = Window(application: Self.application)
            defer { parent.destroy() }
            let dialog = Dialog(transientFor: parent, title: "Edit", cancelLabel: "Cancel", saveLabel: "Save")
            var cancels = 0
            dialog.onCancel = { cancels += 1 }
            dialog.present()
            dialog.cancelButton.click()
            dialog.cancel()
            MainLoop.drain()
            XCTAssertEqual(cancels, 1)
        }
    }

    func testClosedDialogIsFreedWithItsHandlers() {
        onMain {
            let parent = Window(application: Self.application)
            defer { parent.destroy() }
            weak var weakToken: Token?
            var probe: WeakObjectProbe?
            do {
                let dialog = Dialog(transientFor: parent, title: "Edit", cancelLabel: "Cancel", saveLabel: "Save")
                let token = Token()
                weakToken = token
                dialog.onSave { _ = token }
                dialog.onCancel = { _ = token }
                dialog.setContent(Entry(text: "title"))
                dialog.present()
                dialog.cancel()
                probe = WeakObjectProbe(dialog)
            }
            MainLoop.drain()
            XCTAssertEqual(probe?.isAlive, false, "GTK's and our references are both gone")
            XCTAssertNil(weakToken)
        }
    }
}
