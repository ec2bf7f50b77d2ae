import Foundation

/// `--peer gnome-calendar`: GNOME Calendar 43 with evolution-data-server 3.46 (Debian 12),
/// set up to show the same calendar files as koyomi in a home of its own.
///
/// Each file is a local calendar registered with the data server: a source file in
/// `$XDG_CONFIG_HOME/evolution/sources/` whose `[Local Backend]` names the file
/// (`CustomFile=file:///…`), as GNOME Calendar itself writes one when a user adds a file.
/// GNOME Calendar's own settings (window size, not maximized, the month) come from GLib's
/// keyfile settings back end, `$XDG_CONFIG_HOME/glib-2.0/settings/keyfile`: it opens on
/// today's month, so koyomi is opened on today's month too.
enum PeerCalendar {
    static let executable = "/usr/bin/gnome-calendar"
    /// Debian installs the data server only as a recommendation: without it nothing is shown.
    static let dataServer = "/usr/libexec/evolution-calendar-factory"

    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: executable) && FileManager.default.isExecutableFile(atPath: dataServer)
    }

    static let missing = "gnome-calendar (with evolution-data-server) is not installed: as root, "
        + "apt-get update && apt-get install gnome-calendar evolution-data-server; the peer is skipped"

    /// One calendar file as the data server is told about it.
    struct Calendar {
        var path: String
        var name: String
        var color: String
    }

    /// Writes the settings and the sources into `home` (its data and cache are left empty).
    static func prepare(_ home: XDGHome, calendars: [Calendar], width: Int, height: Int) throws {
        try home.write("[org/gnome/calendar]\nwindow-size=(\(width), \(height))\nwindow-maximized=false\nactive-view='month'\n",
                       to: "glib-2.0/settings/keyfile", in: home.config)
        for (index, calendar) in calendars.enumerated() {
            let source = """
            [Data Source]
            DisplayName=\(calendar.name)
            Enabled=true
            Parent=local-stub

            [Calendar]
            BackendName=local
            Color=\(calendar.color)
            Selected=true

            [Local Backend]
            CustomFile=\(URL(fileURLWithPath: calendar.path).absoluteString)

            """
            try home.write(source, to: "evolution/sources/koyomi-bench-\(index).source", in: home.config)
        }
    }

    static func program(_ home: XDGHome, environment: [String: String], width: Int, height: Int) -> ScreenProgram {
        ScreenProgram(executable: executable, arguments: [],
                      environment: environment.merging(home.environment) { _, new in new }
                          .merging(["GSETTINGS_BACKEND": "keyfile"]) { _, new in new },
                      width: width, height: height)
    }
}
