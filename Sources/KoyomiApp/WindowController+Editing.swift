import CalendarModel
import GtkKit

/// The window's editing: quick add under the + button and files dropped on the window (new
/// plan, undo, import and export are window actions, WindowActions.swift).
extension WindowController {
    func connectEditing() {
        let window = mainWindow.window
        quickAdd = QuickAddController(view: mainWindow.header.quickAdd, store: store, editing: editing,
                                      formatter: { [unowned self] in self.coordinator.formatter },
                                      locale: localeSettings.locale, now: now)
        // .ics files dropped anywhere on the window are imported like chosen ones.
        dropTarget = DropTarget(on: window) { [weak self] paths in
            guard let self, !paths.isEmpty else { return false }
            self.importer.importFiles(paths)
            return true
        }
    }
}
