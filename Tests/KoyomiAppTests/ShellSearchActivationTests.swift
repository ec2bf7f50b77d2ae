import Foundation
import TestSupport
import XCTest

/// GNOME Shell's search through Koyomi's search provider, as the Shell reaches it: installed
/// into a prefix (`make install`), started by D-Bus activation from that prefix's service file
/// in a private session bus, each `org.gnome.Shell.SearchProvider2` method called from outside
/// (shell-search.py), and the window read over AT-SPI after ActivateResult and LaunchSearch.
final class ShellSearchActivationTests: XCTestCase {
    private static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    private static let configFolder = TestEnvironment.koyomiBinary.resolvingSymlinksInPath().deletingLastPathComponent()
    private static let buildPath = configFolder.deletingLastPathComponent().deletingLastPathComponent()

    private struct Node: Decodable {
        var role: String
        var name: String
        var states: [String]
        var text: String
        var in_focused: Bool
    }

    private struct Meta: Decodable {
        var id: String
        var name: String
        var description: String
        var icon: [AnyIconPart]?
    }

    /// GIcon's serialization arrives as ["themed", [names]]: only its parts' texts are checked.
    private enum AnyIconPart: Decodable {
        case text(String)
        case names([String])
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { self = .text(text) } else { self = .names(try container.decode([String].self)) }
        }
        var names: [String] {
            switch self {
            case let .text(text): [text]
            case let .names(names): names
            }
        }
    }

    private struct Output: Decodable {
        var cafe: [String]
        var accents: [String]
        var kana: [String]
        var narrowed: [String]
        var metas: [Meta]
        var after_activate: [Node]
        var after_launch: [Node]
    }

    func testTheShellFindsPlansThroughTheInstalledProviderAndOpensThem() throws {
        let scratch = try TestEnvironment.makeFolder("koyomi-shell-search")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let prefix = scratch.appendingPathComponent("usr")
        let installed = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/make"), [
            "--no-print-directory", "-C", Self.sourceRoot.path, "install", "CONFIG=\(Self.configFolder.lastPathComponent)",
            "PREFIX=\(prefix.path)", "sysconfdir=\(scratch.appendingPathComponent("etc").path)",
            "BUILD_PATH=\(Self.buildPath.path)", "NO_BUILD=1",
        ], environment: TestEnvironment.childEnvironment(), timeout: 120)
        XCTAssertEqual(installed.status, 0, installed.stderr)
        let ini = try String(contentsOf: prefix.appendingPathComponent(
            "share/gnome-shell/search-providers/app.koyomi.Koyomi.search-provider.ini"), encoding: .utf8)
        XCTAssertEqual(ini, """
        [Shell Search Provider]
        DesktopId=app.koyomi.Koyomi.desktop
        BusName=app.koyomi.Koyomi
        ObjectPath=/app/koyomi/Koyomi/SearchProvider
        Version=2

        """)

        let data = scratch.appendingPathComponent("data")
        let calendars = data.appendingPathComponent("koyomi/calendars")
        try FileManager.default.createDirectory(at: calendars, withIntermediateDirectories: true)
        let calendar = calendars.appendingPathComponent("mine.ics")
        try Data("""
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        X-WR-CALNAME:Mine
        BEGIN:VEVENT
        UID:cafe-old
        DTSTART:20261101T100000Z
        DTEND:20261101T110000Z
        SUMMARY:cafe review
        END:VEVENT
        BEGIN:VEVENT
        UID:cafe
        DTSTART:20261201T100000Z
        DTEND:20261201T110000Z
        SUMMARY:Café with Ann
        END:VEVENT
        BEGIN:VEVENT
        UID:kana
        DTSTART;VALUE=DATE:20261205
        SUMMARY:カラオケ
        END:VEVENT
        END:VCALENDAR

        """.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: calendar)

        // The bus reads its services from XDG_DATA_DIRS when it starts: the prefix's first.
        // Everything the activated koyomi sees comes from this environment: clock, zone, locale.
        let output = scratch.appendingPathComponent("out.json")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("shell-search.py")
        let environment = TestEnvironment.childEnvironment([
            "KOYOMI_NOW": "2026-11-29T12:00:00Z", "LANG": "C.UTF-8",
            "XDG_DATA_DIRS": prefix.appendingPathComponent("share").path + ":/usr/share",
            "XDG_DATA_HOME": data.path,
            "XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path,
            "GSETTINGS_BACKEND": "memory",
        ])
        let session = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/dbus-run-session"), [
            "--", "/usr/bin/python3", script.path, calendar.path, output.path,
        ], environment: environment, timeout: 180)
        XCTAssertEqual(session.status, 0, session.stderr)
        let result = try JSONDecoder().decode(Output.self, from: Data(contentsOf: output))

        let id = { (uid: String) in "\(calendar.path)\n\(uid)\n" }
        XCTAssertEqual(result.cafe, [id("cafe"), id("cafe-old")], "case folded; the coming plan before the past one")
        XCTAssertEqual(result.accents, result.cafe, "“café” finds “cafe” and “Café” alike")
        XCTAssertEqual(result.kana, [id("kana")], "hiragana finds katakana")
        XCTAssertEqual(result.narrowed, [id("cafe")], "a longer query narrows the previous results")
        XCTAssertEqual(result.metas.map(\.name), ["Café with Ann", "cafe review", "カラオケ"])
        XCTAssertEqual(result.metas.map { $0.description.replacingOccurrences(of: "\u{202F}", with: " ") }, [
            "Tue, Dec 1, 2026 · 10:00 AM – 11:00 AM · Mine",
            "Sun, Nov 1, 2026 · 10:00 AM – 11:00 AM · Mine",
            "Sat, Dec 5, 2026 · All day · Mine",
        ])
        XCTAssertTrue(result.metas.allSatisfy { ($0.icon ?? []).flatMap(\.names).contains("app.koyomi.Koyomi") },
                      "each result has the app's icon")

        let activated = result.after_activate
        XCTAssertTrue(activated.contains { $0.role == "push button" && $0.name == "Tuesday, December 1, 2026: 1 plan"
                          && $0.states.contains("selected") }, "ActivateResult selects the plan's day")
        XCTAssertTrue(activated.contains { $0.name.hasPrefix("Café with Ann") && $0.in_focused },
                      "the plan's row has the focus: \(activated.filter(\.in_focused).map(\.name))")

        let launched = result.after_launch
        XCTAssertTrue(launched.contains { $0.role == "entry" && $0.name == "Search plans" && $0.text == "karaoke ann" },
                      "LaunchSearch opens the search bar with the terms: \(launched.filter { $0.role == "entry" })")
    }
}
