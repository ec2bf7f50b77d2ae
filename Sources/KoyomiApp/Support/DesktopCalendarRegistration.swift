import CalendarModel
import FileSafety
import Foundation
import GtkKit

/// Keeps Evolution Data Server's source files for Koyomi's calendars as the store and the
/// settings say (`DesktopCalendarSources` decides which and their text), so the desktop's
/// clock lists Koyomi's plans: a calendar added, removed, renamed, recoloured, hidden or shown
/// is written at the next idle moment; the preference switched off removes them all.
///
/// evolution-source-registry watches `$XDG_CONFIG_HOME/evolution/sources/` itself, so
/// nothing is said over D-Bus and nothing waits for EDS: where EDS is not installed the files
/// are a few hundred bytes nobody reads. Only files named `koyomi-….source` are ever written
/// or removed; a file already holding the right text is left alone, so a start changes nothing.
@MainActor
final class DesktopCalendarRegistration {
    /// Where EDS keeps its sources.
    let folder: URL
    private let store: CalendarStore
    private let settings: SettingsStore
    private var storeObservation: StoreObservation?
    private var settingsObservation: SettingsStore.Observation?
    private var pending: MainLoopSource?
    /// What was last written, so a change elsewhere in the store costs no file reads.
    private var written: [DesktopCalendarSources.File]?

    init(store: CalendarStore, settings: SettingsStore, environment: [String: String]) {
        self.store = store
        self.settings = settings
        folder = Folders.configHome(environment: environment).appendingPathComponent("evolution/sources")
    }

    /// Writes the sources now and follows the store and the settings from then on.
    func start() {
        guard storeObservation == nil else { return }
        storeObservation = store.observe { [weak self] change in
            if change.contains(.calendars) { self?.schedule() }
        }
        settingsObservation = settings.observe { [weak self] _ in self?.schedule() }
        update()
    }

    /// Many changes in one main-loop turn (files arriving together) make one update.
    private func schedule() {
        guard pending == nil else { return }
        pending = MainLoop.idle { [weak self] in
            self?.pending = nil
            self?.update()
        }
    }

    /// The files the store and the settings call for.
    var wanted: [DesktopCalendarSources.File] {
        settings.settings.showsPlansInDesktopClock
            ? DesktopCalendarSources.files(for: store.calendars, hidden: store.hiddenCalendars) : []
    }

    /// Writes the files that differ and removes Koyomi's files no calendar calls for.
    func update() {
        let wanted = self.wanted
        guard wanted != written else { return }
        let files = FileManager.default
        let existing = ((try? files.contentsOfDirectory(atPath: folder.path)) ?? []).filter(DesktopCalendarSources.isOwn)
        if !wanted.isEmpty {
            // 0700, as the XDG spec asks for folders it creates (EDS makes it so too).
            try? files.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        var problems: [String] = []
        for file in wanted {
            let path = folder.appendingPathComponent(file.name).path
            if let data = files.contents(atPath: path), String(decoding: data, as: UTF8.self) == file.text { continue }
            do {
                try write(file.text, to: path)
            } catch {
                problems.append("\(file.name): \(error)")
            }
        }
        let keep = Set(wanted.map(\.name))
        for name in existing where !keep.contains(name) {
            do {
                try files.removeItem(at: folder.appendingPathComponent(name))
            } catch {
                problems.append("\(name): \(error)")
            }
        }
        // Tried again at the next change; the desktop's clock is a convenience, so no dialog.
        written = problems.isEmpty ? wanted : nil
        for problem in problems {
            FileHandle.standardError.write(Data("koyomi: the desktop's clock source could not be updated: \(problem)\n".utf8))
        }
    }

    /// Written beside and renamed over, so the registry never loads half a file: the temporary
    /// name does not end in `.source`, which the registry ignores.
    private func write(_ text: String, to path: String) throws {
        let temporary = path + ".tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }
}
