import Foundation
import TestSupport
import XCTest

/// `make install` into a staging folder (DESTDIR), then the installed Koyomi as a desktop runs
/// it: found on PATH, started from elsewhere, offered for .ics files; `make uninstall` after.
/// It installs the debug build this test runner sits in (no second build: `swift test` holds
/// SwiftPM's lock on the build folder, hence NO_BUILD=1).
final class InstallTests: XCTestCase {
    private static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    /// <build-path>/<triple>/<config>/KoyomiPackageTests.xctest, symlinks resolved.
    private static let configFolder = TestEnvironment.koyomiBinary.resolvingSymlinksInPath().deletingLastPathComponent()
    private static let buildPath = configFolder.deletingLastPathComponent().deletingLastPathComponent()
    private static let applicationID = "app.koyomi.Koyomi"

    private var scratch: URL!
    private var stage: URL { scratch.appendingPathComponent("stage") }
    private var prefix: URL { stage.appendingPathComponent("usr") }

    override func setUpWithError() throws {
        scratch = try TestEnvironment.makeFolder("koyomi-install")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// The files a user of `PREFIX=/usr` gets, relative to the prefix.
    private func expectedFiles() throws -> Set<String> {
        let root = Self.sourceRoot
        let samples = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("data").path)
            .filter { $0.hasSuffix(".ics") }
        let poFolder = root.appendingPathComponent("po").path
        let languages = ((try? FileManager.default.contentsOfDirectory(atPath: poFolder)) ?? [])
            .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }
        XCTAssertFalse(samples.isEmpty, "the sample calendars are in data/")
        return Set([
            "bin/koyomi",
            "share/applications/\(Self.applicationID).desktop",
            "share/metainfo/\(Self.applicationID).metainfo.xml",
            "share/icons/hicolor/scalable/apps/\(Self.applicationID).svg",
            "share/icons/hicolor/symbolic/apps/\(Self.applicationID)-symbolic.svg",
            "share/dbus-1/services/\(Self.applicationID).service",
            "share/gnome-shell/search-providers/\(Self.applicationID).search-provider.ini",
        ] + samples.map { "share/koyomi/samples/\($0)" }
          + languages.map { "share/locale/\($0)/LC_MESSAGES/koyomi.mo" })
    }

    private func make(_ target: String) throws {
        let result = try run(["make", "--no-print-directory", "-C", Self.sourceRoot.path, target,
                              "CONFIG=\(Self.configFolder.lastPathComponent)", "PREFIX=/usr",
                              "DESTDIR=\(stage.path)", "BUILD_PATH=\(Self.buildPath.path)", "NO_BUILD=1"])
        XCTAssertEqual(result.status, 0, "make \(target) failed: \(result.stderr)")
    }

    /// Regular files and symlinks under `folder`, relative to it.
    private func files(under folder: URL) -> Set<String> {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var found: Set<String> = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory != true {
            found.insert(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
        }
        return found
    }

    func testInstallPutsEveryFileInPlaceAndUninstallRemovesThem() throws {
        try make("install")
        XCTAssertEqual(files(under: prefix), try expectedFiles(), "exactly the documented files")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/koyomi").path))
        // Outside PREFIX only the log-in entry, where desktops look for it.
        let autostart = "etc/xdg/autostart/\(Self.applicationID).desktop"
        XCTAssertEqual(files(under: stage).filter { !$0.hasPrefix("usr/") }, [autostart])
        let entry = try String(contentsOf: stage.appendingPathComponent(autostart), encoding: .utf8)
        XCTAssertTrue(entry.contains("Exec=/usr/bin/koyomi --background\n"), entry)
        let autostartValidated = try run(["desktop-file-validate", stage.appendingPathComponent(autostart).path])
        XCTAssertEqual(autostartValidated.stdout + autostartValidated.stderr, "", "the autostart entry is valid too")
        let service = try String(contentsOf: prefix.appendingPathComponent("share/dbus-1/services/\(Self.applicationID).service"),
                                 encoding: .utf8)
        XCTAssertEqual(service, "[D-BUS Service]\nName=\(Self.applicationID)\nExec=/usr/bin/koyomi --gapplication-service\n",
                       "D-Bus can start Koyomi for a click on a notification (DBusActivatable)")

        let desktop = prefix.appendingPathComponent("share/applications/\(Self.applicationID).desktop").path
        let validated = try run(["desktop-file-validate", desktop])
        XCTAssertEqual(validated.status, 0, validated.stdout + validated.stderr)
        XCTAssertEqual(validated.stdout + validated.stderr, "", "no warnings either")
        let metainfo = prefix.appendingPathComponent("share/metainfo/\(Self.applicationID).metainfo.xml").path
        let appstream = try run(["appstreamcli", "validate", "--no-net", "--strict", metainfo])
        XCTAssertEqual(appstream.status, 0, appstream.stdout + appstream.stderr)

        try make("uninstall")
        XCTAssertEqual(files(under: stage), [], "uninstall leaves no file behind")
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/koyomi").path),
                       "Koyomi's own data folder goes too")
    }

    func testInstalledKoyomiStartedFromElsewhereFindsItsSamples() throws {
        try make("install")
        let elsewhere = scratch.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // As a desktop launches it: by name through PATH (argv[0] is just "koyomi"), in $HOME.
        let environment = TestEnvironment.childEnvironment([
            "PATH": prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin", "KOYOMI_DATA_DIR": "",
        ])
        let clean = try run(["env", "koyomi", "--samples", "--quit-after-first-frame"], environment: environment, in: elsewhere)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertFalse(clean.stderr.contains("not found"), clean.stderr)
        XCTAssertFalse(clean.stderr.contains("koyomi:"), "the samples load without complaint: \(clean.stderr)")

        // A broken calendar dropped into the installed samples must be reported: proof that the
        // installed folder is read, not the source tree this test binary was built from.
        let probe = prefix.appendingPathComponent("share/koyomi/samples/zz-install-probe.ics")
        try Data("BEGIN:VCALENDAR\nnot iCalendar\n".utf8).write(to: probe)
        let probed = try run(["env", "koyomi", "--samples", "--quit-after-first-frame"], environment: environment, in: elsewhere)
        XCTAssertEqual(probed.status, 2, probed.stderr)
        XCTAssertTrue(probed.stderr.contains("zz-install-probe.ics"),
                      "the installed samples (not the source tree's) were opened: \(probed.stderr)")
    }

    func testFileManagersOfferKoyomiForICalendarFiles() throws {
        try make("install")
        let applications = prefix.appendingPathComponent("share/applications").path
        XCTAssertEqual(try run(["update-desktop-database", applications]).status, 0)
        // Only the staged prefix: no system or user associations can take part. GIO lists an
        // application only when its Exec program is on PATH, as it is after a real install.
        let empty = scratch.appendingPathComponent("empty").path
        let environment = TestEnvironment.childEnvironment([
            "PATH": prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin",
            "XDG_DATA_DIRS": prefix.appendingPathComponent("share").path,
            "XDG_DATA_HOME": empty, "XDG_CONFIG_HOME": empty, "XDG_CONFIG_DIRS": empty,
        ])
        let calendar = try run(["gio", "mime", "text/calendar"], environment: environment)
        XCTAssertEqual(calendar.status, 0, calendar.stderr)
        XCTAssertTrue(calendar.stdout.contains("Default application for “text/calendar”: \(Self.applicationID).desktop"),
                      calendar.stdout)
        // webcal:// links are subscriptions Koyomi follows, so it offers itself for them.
        let webcal = try run(["gio", "mime", "x-scheme-handler/webcal"], environment: environment)
        XCTAssertTrue(webcal.stdout.contains(Self.applicationID), webcal.stdout)
    }

    // MARK: Running tools

    private func run(_ arguments: [String], environment: [String: String]? = nil, in folder: URL? = nil,
                     timeout: Double = 60) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment ?? TestEnvironment.childEnvironment()
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let (stdout, stderr) = (PipeReader(out), PipeReader(err))
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            XCTFail("\(arguments.joined(separator: " ")) did not finish in \(timeout) s")
            process.waitUntilExit()
        }
        return (process.terminationStatus, stdout.textUntilEnd(), stderr.textUntilEnd())
    }
}
