import CalendarModel
import GtkKit

/// The window's editing actions: quick add under the + button, Ctrl+N, Ctrl+Z, import and export.
extension WindowController {
    func connectEditing(application: Application) {
        let window = mainWindow.window
        window.addAction("new-plan") { [weak self] in self?.editing.newPlan() }
        application.setAccelerators(["<Control>n"], forAction: "win.new-plan")
        // Not an application accelerator: those would win over a text field's own Ctrl+Z.
        mainWindow.onUndo = { [weak self] in self?.editing.undo() }
        mainWindow.onRedo = { [weak self] in self?.editing.redo() }
        quickAdd = QuickAddController(view: mainWindow.header.quickAdd, store: store, editing: editing,
                                      formatter: { [unowned self] in self.coordinator.formatter },
                                      locale: localeSettings.locale, now: now)
        window.addAction("import") { [weak self] in self?.importer.chooseAndImport() }
        window.addAction("export") { [weak self] in self?.importer.chooseAndExport() }
        application.setAccelerators(["<Control>o"], forAction: "win.import")
        // .ics files dropped anywhere on the window are imported like chosen ones.
        dropTarget = DropTarget(on: window) { [weak self] paths in
            guard let self, !paths.isEmpty else { return false }
            self.importer.importFiles(paths)
            return true
        }
    }
}
