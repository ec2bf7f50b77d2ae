import Accounts
import Foundation
import TestSupport
import XCTest

/// With no keyring or a locked one, the error says so in plain words. libsecret keeps its
/// connection to the session bus for the life of the process, so each case runs in a child
/// process (this test runner again, running only `testChildUsesKeyring`) on a bus of its own.
final class KeyringErrorTests: XCTestCase {
    private static let childKey = "KOYOMI_KEYRING_CHILD"
    private static let marker = "keyring-child: "

    func testChildUsesKeyring() throws {
        guard ProcessInfo.processInfo.environment[Self.childKey] != nil else {
            throw XCTSkip("runs only as the child process of KeyringErrorTests")
        }
        let account = Account(displayName: "Child", serverURL: URL(string: "https://child.invalid")!,
                              userName: "child", created: Date(timeIntervalSince1970: 0))
        let outcome: String
        do {
            if ProcessInfo.processInfo.environment[Self.childKey] == "lookup" {
                outcome = "found: \(try Keyring().password(for: account) ?? "nothing")"
            } else {
                try Keyring().store(password: "never kept", account: account)
                outcome = "stored"
            }
        } catch {
            outcome = "\(error.kind): \(error)"
        }
        print("\n" + Self.marker + outcome)
    }

    func testNoSessionBusIsUnavailable() throws {
        let folder = try TestEnvironment.makeFolder("keyring-nobus")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bus = "unix:path=" + folder.appendingPathComponent("no-bus-here").path
        let outcome = try runChild(URL(fileURLWithPath: CommandLine.arguments[0]), [Self.childTest], bus: bus)
        XCTAssertTrue(outcome.hasPrefix("unavailable: No keyring is running ("), outcome)
        XCTAssertTrue(outcome.contains("will ask for it again next time"), outcome)
    }

    /// The usual desktop case: a session bus, but no keyring program on it (and none that
    /// the bus could start).
    func testBusWithoutKeyringIsUnavailable() throws {
        let folder = try TestEnvironment.makeFolder("keyring-emptybus")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("session.conf")
        try Self.emptyBusConfig(socketFolder: folder.path).write(to: config, atomically: true, encoding: .utf8)
        let runSession = try XCTUnwrap(Self.findProgram("dbus-run-session"), "dbus-run-session (Debian: dbus-bin) is needed")
        let outcome = try runChild(runSession, ["--config-file=\(config.path)", "--",
                                                CommandLine.arguments[0], Self.childTest], bus: nil)
        XCTAssertTrue(outcome.hasPrefix("unavailable: No keyring is running ("), outcome)
        XCTAssertTrue(outcome.contains("org.freedesktop.secrets"), "the reason names the missing service: \(outcome)")
    }

    /// libsecret is opened on the first keyring call: a broken one found first
    /// (LD_LIBRARY_PATH) is an error in words, and the process goes on.
    func testALibsecretThatCannotBeLoadedIsSaidInWords() throws {
        let folder = try TestEnvironment.makeFolder("keyring-nolibrary")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("libsecret-1.so.0"))
        let outcomes = try runChildren(URL(fileURLWithPath: CommandLine.arguments[0]), [Self.childTest], bus: nil,
                                       extra: ["LD_LIBRARY_PATH": folder.path])
        let outcome = try XCTUnwrap(outcomes.first)
        XCTAssertTrue(outcome.hasPrefix("libraryMissing: Koyomi cannot reach the keyring: its library libsecret could not be "
                                        + "loaded (\(folder.path)/libsecret-1.so.0: "), outcome)
    }

    /// A keyring that holds the password but stays locked (the unlock prompt cannot be
    /// shown): reading says `.locked` rather than "no password", and so does storing.
    func testLockedKeyringSaysLocked() throws {
        guard let daemon = Self.findProgram("gnome-keyring-daemon") else {
            if ProcessInfo.processInfo.environment["KOYOMI_REQUIRE_KEYRING"] != nil {
                return XCTFail("KOYOMI_REQUIRE_KEYRING is set but gnome-keyring-daemon is not installed")
            }
            throw XCTSkip("gnome-keyring-daemon (Debian: gnome-keyring) is not installed")
        }
        let folder = try TestEnvironment.makeFolder("keyring-locked")
        defer { try? FileManager.default.removeItem(at: folder) }
        let runSession = try XCTUnwrap(Self.findProgram("dbus-run-session"), "dbus-run-session (Debian: dbus-bin) is needed")
        // Inside a bus of its own: an unlocked keyring, one password stored, the keyring
        // locked over D-Bus, then a lookup and a store.
        let script = """
            set -eu
            printf locked-test | "$1" --foreground --unlock --components=secrets --control-directory="$2" >/dev/null &
            keyring=$!
            trap 'kill "$keyring" 2>/dev/null || true' EXIT
            gdbus wait --session --timeout 10 org.freedesktop.secrets
            KOYOMI_KEYRING_CHILD=store "$3" "$4"
            dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \\
              org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login >/dev/null
            KOYOMI_KEYRING_CHILD=lookup "$3" "$4"
            KOYOMI_KEYRING_CHILD=store "$3" "$4"
            """
        let outcomes = try runChildren(
            runSession,
            ["--", "bash", "-c", script, "keyring-locked", daemon.path, folder.appendingPathComponent("control").path,
             CommandLine.arguments[0], Self.childTest],
            bus: nil, extra: ["XDG_DATA_HOME": folder.appendingPathComponent("data").path])
        let locked = "locked: The keyring is locked; unlock it (for example by logging in again) so Koyomi can use the password."
        XCTAssertEqual(outcomes, ["stored", locked, locked])
    }

    private static let childTest = "AccountsTests.KeyringErrorTests/testChildUsesKeyring"

    /// Runs the child(ren) and returns what each reported (or fails with the whole output).
    private func runChildren(_ program: URL, _ arguments: [String], bus: String?,
                             extra: [String: String] = [:]) throws -> [String] {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment[Self.childKey] = environment[Self.childKey] ?? "store"
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus
        // No display: GLib must not autolaunch a bus through X11, and gnome-keyring's unlock
        // prompt must fail at once instead of waiting on the test's Xvfb for a click.
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let output = try TestEnvironment.run(program, arguments, environment: environment)
        let lines = output.stdout.split(separator: "\n").filter { $0.hasPrefix(Self.marker) }
            .map { String($0.dropFirst(Self.marker.count)) }
        if lines.isEmpty {
            XCTFail("child reported nothing (status \(output.status)):\n\(output.stdout)\n\(output.stderr)")
        }
        return lines
    }

    private func runChild(_ program: URL, _ arguments: [String], bus: String?) throws -> String {
        try runChildren(program, arguments, bus: bus).first ?? ""
    }

    /// A session bus that starts no services on demand (no <servicedir>): nobody owns
    /// org.freedesktop.secrets and nobody can be activated for it.
    private static func emptyBusConfig(socketFolder: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(socketFolder)</listen>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }

    private static func findProgram(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

private extension Error {
    /// The case name, so the parent can check which error it was.
    var kind: String {
        switch self as? KeyringError {
        case .unavailable: "unavailable"
        case .locked: "locked"
        case .failed: "failed"
        case .libraryMissing: "libraryMissing"
        case nil: "other"
        }
    }
}
