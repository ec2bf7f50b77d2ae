import FileSafety
import Foundation
import ICalendarReading

/// "Run in the background for reminders": whether Koyomi starts with `--background` at log-in,
/// as the XDG autostart spec has it. `make install` puts a system-wide entry in
/// `/etc/xdg/autostart/`; the user's own `$XDG_CONFIG_HOME/autostart/app.koyomi.Koyomi.desktop`
/// of the same name wins over it: `Hidden=true` there switches it off. Without a system entry
/// (Koyomi run from its build folder) switching on writes the user's entry.
struct AutostartEntry {
    static let fileName = "app.koyomi.Koyomi.desktop"
    let userFile: URL
    let systemFiles: [URL]
    /// What the user's entry starts: this very `koyomi`.
    let executable: String

    init(environment: [String: String], executable: String = StorageContext.ownExecutable) {
        userFile = Folders.configHome(environment: environment).appendingPathComponent("autostart/" + Self.fileName)
        let dirs = (environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg")
            .split(separator: ":").filter { $0.hasPrefix("/") }
        systemFiles = dirs.map { URL(fileURLWithPath: String($0)).appendingPathComponent("autostart/" + Self.fileName) }
        self.executable = executable
    }

    private var systemEntry: URL? { systemFiles.first { FileManager.default.fileExists(atPath: $0.path) } }

    /// Whether Koyomi will start at the next log-in.
    var isEnabled: Bool {
        if let text = try? String(contentsOf: userFile, encoding: .utf8) { return !Self.isSwitchedOff(text) }
        return systemEntry != nil
    }

    /// Switches it on or off for this user; the system's entry is never touched.
    func setEnabled(_ enabled: Bool) throws {
        let text: String?
        if enabled {
            text = systemEntry == nil ? Self.entry(executable: executable) : nil
        } else {
            text = systemEntry == nil ? nil : Self.entry(executable: executable) + "Hidden=true\n"
        }
        if let text {
            try Folders.create(userFile.deletingLastPathComponent(), permissions: 0o700)
            // A small file of Koyomi's own: written whole (rename over), no backup needed.
            try Data(text.utf8).write(to: userFile, options: .atomic)
        } else if FileManager.default.fileExists(atPath: userFile.path) {
            try FileManager.default.removeItem(at: userFile)
        }
    }

    /// The autostart spec: Hidden=true, and GNOME's X-GNOME-Autostart-enabled=false, mean "do not start".
    static func isSwitchedOff(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { line in
            let compact = line.replacingOccurrences(of: " ", with: "")
            return compact == "Hidden=true" || compact == "X-GNOME-Autostart-enabled=false"
        }
    }

    static func entry(executable: String) -> String {
        // Exec's reserved characters are quoted (Desktop Entry spec, "The Exec key").
        let quoted = executable.contains(where: { " \"'\\$`".contains($0) })
            ? "\"" + executable.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            : executable
        return """
            [Desktop Entry]
            Type=Application
            Name=Koyomi reminders
            Comment=Shows your calendars' reminders with the window closed
            Exec=\(quoted) --background
            Icon=app.koyomi.Koyomi
            NoDisplay=true
            X-GNOME-Autostart-Phase=Applications

            """
    }
}
