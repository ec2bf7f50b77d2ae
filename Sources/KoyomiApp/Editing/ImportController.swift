import CalendarEditing
import CalendarModel
import CalendarVetting
import FileSafety
import Foundation
import GtkKit
import ICalendarReading

/// Import (Ctrl+O, the main menu, or a file dropped on the window) and export.
///
/// A file to import is untrusted: it is read by a child process under CPU and memory limits
/// (`UntrustedCalendar`), so a file that crashes libical or takes forever costs the window
/// nothing. Its plans are then merged into a calendar the user picks from a list
/// (`ImportTargetDialog`), or into a new calendar named after the file, newer copies winning
/// (`CalendarDocument.importEvents`), with Undo. The user's files are untouched until then.
@MainActor
final class ImportController {
    private let store: CalendarStore
    private let feedback: WindowFeedback
    private let editing: EditingController
    /// Runs `koyomi --vet-ics` on each file to import.
    private let vetExecutable: String
    /// The window's formatter now (it changes with the time zone).
    private let formatter: () -> CalendarFormatter
    private let now: () -> Date
    private let colors: ColorClasses
    /// Makes a calendar of the user's own with this name and colour and opens it (the
    /// calendars list's way); nil, with the problem said, when it could not.
    private let createCalendar: @MainActor (_ name: String, _ color: String) -> CalendarID?
    private var question: MessageDialog?
    /// The questions "to which calendar?" open now, one per file dropped or chosen.
    private(set) var targetDialogs: [ImportTargetDialog] = []
    /// The question asked last, while it is open.
    var targetDialog: ImportTargetDialog? { targetDialogs.last }
    /// Imports still being read by their child process.
    private(set) var pending = 0
    private var pendingWaiters: [@MainActor () -> Void] = []

    init(store: CalendarStore, feedback: WindowFeedback, editing: EditingController, vetExecutable: String,
         formatter: @escaping () -> CalendarFormatter, now: @escaping () -> Date, colors: ColorClasses,
         createCalendar: @escaping @MainActor (_ name: String, _ color: String) -> CalendarID?) {
        self.store = store
        self.feedback = feedback
        self.editing = editing
        self.vetExecutable = vetExecutable
        self.formatter = formatter
        self.now = now
        self.colors = colors
        self.createCalendar = createCalendar
    }

    // MARK: Import

    /// Asks for a file, then imports it.
    func chooseAndImport() {
        // TRANSLATORS: the title of the file chooser for importing plans.
        let chooser = FileChooser(mode: .open, title: L("Import Plans"), acceptLabel: L("_Import"),
                                  cancelLabel: L("_Cancel"), parent: feedback.dialogParent,
                                  filterName: L("iCalendar files"), allFilesName: L("All files"))
        chooser.present { [weak self] path in
            if let path { self?.importFiles([path]) }
        }
    }

    /// Reads each file in a child process, then merges it into a calendar the user picks.
    func importFiles(_ paths: [String]) {
        for path in paths { read(path) }
    }

    /// Runs `body` once no import is being read.
    func whenIdle(_ body: @escaping @MainActor () -> Void) {
        if pending == 0 { body() } else { pendingWaiters.append(body) }
    }

    private func read(_ path: String) {
        let child = vetExecutable
        pending += 1
        MainLoop.runInBackground({ () -> Result<VettedCalendar, ICalendarError> in
            Result { () throws(ICalendarError) -> VettedCalendar in
                try UntrustedCalendar.read(path: path, childExecutable: child)
            }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case let .success(vetted): self.chooseTarget(for: vetted, from: path)
            case let .failure(error): self.fail(path, error.description)
            }
            self.pending -= 1
            if self.pending == 0 {
                let waiters = self.pendingWaiters
                self.pendingWaiters = []
                waiters.forEach { $0() }
            }
        })
    }

    /// Asks which calendar takes the plans (`ImportTarget.choices`); with one existing calendar
    /// to offer and no new one, imports into it without asking.
    private func chooseTarget(for vetted: VettedCalendar, from path: String) {
        let name = (path as NSString).lastPathComponent
        let (targets, chosen) = ImportTarget.choices(fileName: name, calendarName: vetted.document.calendarName,
                                                     color: vetted.document.calendarColor, writable: editing.writableCalendars)
        if targets.count == 1, case let .existing(calendar) = targets[0] {
            return merge(vetted, from: path, into: calendar.id)
        }
        // TRANSLATORS: %1$@ is a file name, %2$@ how many plans it has ("12 plans").
        let body = FormatterStrings.fill(L("Add the plans of %1$@ (%2$@) to which calendar?"), name,
                                         formatter().planCountText(vetted.document.eventUIDs.count))
        var asked: ImportTargetDialog?
        let dialog = ImportTargetDialog(parent: feedback.dialogParent, body: body, targets: targets, chosen: chosen,
                                        colors: colors) { [weak self] target in
            guard let self else { return }
            self.targetDialogs.removeAll { $0 === asked }
            asked = nil
            switch target {
            case let .existing(calendar)?: self.merge(vetted, from: path, into: calendar.id)
            case let .new(calendarName, color)?: self.mergeIntoNew(vetted, from: path, name: calendarName, color: color)
            case nil: break
            }
        }
        asked = dialog
        targetDialogs.append(dialog)
        dialog.present()
    }

    /// Makes the new calendar (with the file's colour, else the next free one of the
    /// calendars list's palette) and imports into it: Undo removes both, as one step.
    private func mergeIntoNew(_ vetted: VettedCalendar, from path: String, name calendarName: String, color: String?) {
        let color = color.flatMap { RGBA(parsing: $0) != nil ? $0 : nil }
            ?? CalendarsPopover.suggestedColor(avoiding: store.calendars.map(\.color))
        guard let calendar = createCalendar(calendarName, color) else { return }
        let name = (path as NSString).lastPathComponent
        let now = now()
        editing.fill(newCalendar: calendar, summary: FormatterStrings.fill(L("Import of %@"), name), { files in
            try files.modify(calendar) { document in document.importEvents(from: vetted.document, now: now) }
        }, then: { [weak self] summary in
            self?.imported(summary, vetted: vetted, name: name)
        })
    }

    private func merge(_ vetted: VettedCalendar, from path: String, into calendar: CalendarID) {
        let name = (path as NSString).lastPathComponent
        let uids = vetted.document.eventUIDs
        let now = now()
        // TRANSLATORS: what Undo takes back after an import; %@ is the file name.
        editing.perform(FormatterStrings.fill(L("Import of %@"), name), touching: uids.map { (calendar, $0) },
                        toast: false, { files in
            try files.modify(calendar) { document in document.importEvents(from: vetted.document, now: now) }
        }, then: { [weak self] summary in
            self?.imported(summary, vetted: vetted, name: name)
        })
    }

    /// The import was saved: what came in, and what was left out and why.
    private func imported(_ summary: ImportSummary, vetted: VettedCalendar, name: String) {
        let problems = vetted.problems + summary.skipped.map(Self.explanation) + summary.notes
        // TRANSLATORS: a toast after an import; %1$@ is the file, %2$@ the counts ("3 added, 1 updated, 0 skipped").
        feedback.showToast(FormatterStrings.fill(L("Imported %1$@: %2$@"), name, Self.counts(summary)),
                         undo: { [weak editing] in editing?.undo() })
        if !problems.isEmpty { explain(problems, file: name) }
    }

    /// "“Tea” (abc@example.com): your copy is newer", in the user's language.
    static func explanation(_ skip: ImportSkip) -> String {
        let reason = switch skip.kind {
        // TRANSLATORS: why an imported plan was skipped: the calendar has this very version.
        case .upToDate: L("already up to date")
        // TRANSLATORS: why an imported plan was skipped: the calendar's copy is a later version.
        case .yoursIsNewer: L("your copy is newer")
        // TRANSLATORS: why something in an imported file was skipped; %@ is e.g. VTODO (a task).
        case let .notAnEvent(kind): FormatterStrings.fill(L("not an event (%@)"), kind)
        case let .other(text): text
        }
        // TRANSLATORS: one line of the import report: %1$@ names the plan, %2$@ says why.
        return FormatterStrings.fill(L("%1$@: %2$@"), skip.subject, reason)
    }

    /// "3 added, 1 updated, 2 skipped".
    static func counts(_ summary: ImportSummary) -> String {
        // TRANSLATORS: how an import went: %1$@ plans added, %2$@ updated, %3$@ skipped.
        FormatterStrings.fill(L("%1$@ added, %2$@ updated, %3$@ skipped"),
                              String(summary.added), String(summary.updated), String(summary.skipped.count))
    }

    /// What was left out, and why, in a dialog the user can read at leisure.
    private func explain(_ problems: [String], file: String) {
        let shown = problems.prefix(12).map { "• " + $0 }.joined(separator: "\n")
        let more = problems.count > 12 ? "\n" + FormatterStrings.fill(L("…and %@ more"), String(problems.count - 12)) : ""
        // TRANSLATORS: heading of the dialog listing what an import left out; %@ is the file name.
        let dialog = MessageDialog(parent: feedback.dialogParent, heading: FormatterStrings.fill(L("Not everything in %@ was imported"), file),
                                   body: shown + more)
        dialog.addResponse("close", label: L("_Close"), isDefault: true)
        dialog.onResponse { [weak self] _ in self?.question = nil }
        question = dialog
        dialog.present()
    }

    private func fail(_ path: String, _ problem: String) {
        // TRANSLATORS: %1$@ is a file name, %2$@ the reason it could not be imported.
        let message = FormatterStrings.fill(L("%1$@ was not imported: %2$@"), (path as NSString).lastPathComponent, problem)
        feedback.showProblems([message])
        FileHandle.standardError.write(Data("koyomi: \(message)\n".utf8))
    }

    // MARK: Export

    /// Asks where, then writes every shown calendar into one .ics file.
    func chooseAndExport() {
        // TRANSLATORS: the file name offered when exporting plans (keep the .ics ending).
        let chooser = FileChooser(mode: .save(suggestedName: L("calendars.ics")), title: L("Export Plans"),
                                  acceptLabel: L("_Export"), cancelLabel: L("_Cancel"), parent: feedback.dialogParent,
                                  filterName: L("iCalendar files"), allFilesName: L("All files"))
        chooser.present { [weak self] path in
            if let path { self?.export(to: path) }
        }
    }

    /// Writes the shown calendars' files, each component as it is in its file, to `path` (atomically).
    func export(to path: String) {
        // Built-in calendars (Japan's holidays) have no file and are not the user's plans.
        let shown = store.calendars.filter { !store.hiddenCalendars.contains($0.id) && !$0.isBuiltIn }
        do {
            let documents = try shown.map { calendar in
                try CalendarDocument.load(path: calendar.id.rawValue, timeZone: store.calendar.timeZone).document
            }
            let exported = CalendarDocument.export(documents, name: shown.count == 1 ? shown[0].name : nil)
            let existing = try? AtomicFileWriter.read(path: path).identity
            try AtomicFileWriter().write(exported.data, to: path, expecting: existing)
            // TRANSLATORS: a toast after exporting; %@ is the file name.
            feedback.showToast(FormatterStrings.fill(L("Exported to %@"), (path as NSString).lastPathComponent))
        } catch {
            let message = FormatterStrings.fill(L("Could not export: %@"), "\(error)")
            feedback.showProblems([message])
        }
    }
}
