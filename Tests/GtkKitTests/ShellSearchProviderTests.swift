import Foundation
import GtkKit
import XCTest

/// GtkKit's `ShellSearchProvider` on the tests' session bus: exported while the application
/// registers, each method called from outside with `gdbus` (as GNOME Shell would) and answered
/// in Swift values, a reply given later included; taken off the bus with `unexport`.
final class ShellSearchProviderTests: GtkTestCase {
    @MainActor
    private final class Recorder: ShellSearchProviding {
        var activated: [String] = []
        var launched: [[String]] = []

        func initialResults(for terms: [String], reply: @escaping @MainActor ([String]) -> Void) {
            reply(terms.map { "id-\($0)" })
        }

        func subsearchResults(previous: [String], terms: [String], reply: @escaping @MainActor ([String]) -> Void) {
            reply(previous.filter { id in terms.contains { id.hasSuffix($0) } })
        }

        func resultMetas(for ids: [String], reply: @escaping @MainActor ([ShellSearchResultMeta]) -> Void) {
            // Answered from a later main-loop turn, as a search waiting for its index does.
            MainLoop.idle {
                reply(ids.map { ShellSearchResultMeta(id: $0, name: "Name of \($0)", description: "Dec 1 · Mine",
                                                      iconName: "app.koyomi.Koyomi") })
            }
        }

        func activateResult(_ id: String, terms: [String], timestamp: UInt32) {
            activated.append("\(id) \(terms) \(timestamp)")
        }

        func launchSearch(terms: [String], timestamp: UInt32) {
            launched.append(terms)
        }
    }

    private static let name = "app.koyomi.Tests.ShellSearch"

    func testEachMethodIsAnsweredInSwiftValuesAndUnexportEndsIt() throws {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil else {
            return XCTFail("needs a D-Bus session: run the tests with scripts/test")
        }
        try onMain {
            let application = Application(id: Self.name)
            let recorder = Recorder()
            var provider: ShellSearchProvider?
            var registrations: [Bool] = []
            application.onBusRegistration { connection, registered in
                registrations.append(registered)
                provider = registered ? try? ShellSearchProvider(on: connection, path: "/test/Search", provider: recorder) : nil
            }
            XCTAssertTrue(application.register())
            XCTAssertEqual(registrations, [true], "exported from dbus_register")
            XCTAssertNotNil(provider)

            XCTAssertEqual(try Self.call("GetInitialResultSet", "['café', 'カラオケ']"), "(['id-café', 'id-カラオケ'],)")
            XCTAssertEqual(try Self.call("GetSubsearchResultSet", "['id-café', 'id-カラオケ']", "['カラオケ']"), "(['id-カラオケ'],)")
            let metas = try Self.call("GetResultMetas", "['id-a']")
            XCTAssertTrue(metas.contains("'id': <'id-a'>"), metas)
            XCTAssertTrue(metas.contains("'name': <'Name of id-a'>"), metas)
            XCTAssertTrue(metas.contains("'description': <'Dec 1 · Mine'>"), metas)
            XCTAssertTrue(metas.contains("'icon': <('themed', <['app.koyomi.Koyomi'"), metas)
            XCTAssertEqual(try Self.call("ActivateResult", "'id-a'", "['a']", "uint32 7"), "()")
            XCTAssertEqual(recorder.activated, ["id-a [\"a\"] 7"])
            XCTAssertEqual(try Self.call("LaunchSearch", "['x', 'y']", "uint32 8"), "()")
            XCTAssertEqual(recorder.launched, [["x", "y"]])

            provider?.unexport()
            let gone = try Self.call("GetInitialResultSet", "['a']", expectingFailure: true)
            XCTAssertTrue(gone.contains("UnknownMethod") || gone.contains("No such interface")
                          || gone.contains("UnknownObject"), "nothing answers once unexported: \(gone)")
        }
    }

    /// `gdbus call` run while the main loop turns (the answer comes from this thread).
    @MainActor
    private static func call(_ method: String, _ arguments: String..., expectingFailure: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = ["call", "--session", "--dest", Self.name, "--object-path", "/test/Search",
                             "--method", "org.gnome.Shell.SearchProvider2.\(method)"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        XCTAssertTrue(MainLoop.iterate(until: { !process.isRunning }, timeout: 20), "gdbus \(method) never ended")
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(process.terminationStatus == 0, !expectingFailure, text)
        return text
    }
}
