import Foundation
import TestSupport
import XCTest

/// What the GNOME Online Accounts tests share: a real Radicale behind a `TokenProxy` (Google:
/// bearer tokens only), a stand-in GOA on a private bus holding the Google-like account, and
/// `koyomi` children that find that GOA on their session bus, their data in a scratch folder.
class OnlineAccountsTestCase: XCTestCase {
    var server: RadicaleServer!
    var proxy: TokenProxy!
    var goa: OnlineAccountsService!
    var dataHome: URL!
    var tokenFolder: URL!
    /// Google's plans as another device sees them.
    let google = "account_google"

    override func setUpWithError() throws {
        server = try RadicaleServer()
        dataHome = try TestEnvironment.makeFolder("koyomi-goa-data")
        tokenFolder = try TestEnvironment.makeFolder("koyomi-goa-token")
        try "token-1".write(to: tokenFile, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        goa?.stop()
        proxy?.stop()
        server?.stop()
        for folder in [dataHome, tokenFolder] { if let folder { try? FileManager.default.removeItem(at: folder) } }
    }

    var tokenFile: URL { tokenFolder.appendingPathComponent("valid-token") }

    /// The calendar "Work" with a dentist's appointment on the server, the proxy in front, and
    /// GOA holding the Google-like account (plus `others`), whose `Calendar.Uri` is the principal.
    func startGoogle(revokeAfter: Int = 0, faults: [FaultProxy.Fault] = [],
                     others: [OnlineAccountsService.Account] = []) async throws {
        try await server.makeCalendar("work", displayName: "Work", color: "#e66100")
        _ = try await server.put("work", uid: "dentist", summary: "Dentist")
        proxy = try TokenProxy(to: server.baseURL, tokenFile: tokenFile, revokeAfter: revokeAfter, faults: faults)
        goa = try OnlineAccountsService(
            accounts: [.google(calendarURI: proxy.baseURL.appendingPathComponent("alice/"))] + others, tokenFile: tokenFile)
    }

    /// `koyomi` with GOA on its session bus (or none: `withGOA` false gives it a bus of the
    /// tests' own where GOA is absent, or no bus at all when there is none).
    func koyomi(_ arguments: String..., withGOA: Bool = true) throws -> ProcessOutput {
        var environment: [String: String] = [:]
        if withGOA, let goa { environment["DBUS_SESSION_BUS_ADDRESS"] = goa.busAddress }
        return try TestEnvironment.koyomi(arguments, dataHome: dataHome, environment: environment, timeout: 120)
    }

    var calendarsFolder: URL { dataHome.appendingPathComponent("koyomi/calendars") }
    var accountsFile: URL { dataHome.appendingPathComponent("koyomi/sync/accounts.json") }

    /// Appends plans to a local calendar file, as an offline edit would.
    func addLocally(_ file: String, uids: [String]) throws {
        let path = calendarsFolder.appendingPathComponent(file).path
        let events = uids.map { uid in
            "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261129T120000Z\r\nDTSTART;VALUE=DATE:20261201\r\nSUMMARY:\(uid)\r\nEND:VEVENT\r\n"
        }.joined()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "END:VCALENDAR", with: events + "END:VCALENDAR").utf8)
            .write(to: URL(fileURLWithPath: path))
    }
}
