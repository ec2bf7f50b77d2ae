@testable import Accounts
import Foundation
import FileSafety
import TestSupport
import XCTest

final class AccountStoreTests: XCTestCase {
    private var folder: URL!
    private var store: AccountStore!
    private let created = Date(timeIntervalSince1970: 1_795_000_000)
    private let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30 00:53:20 UTC

    override func setUpWithError() throws {
        folder = try TestEnvironment.makeFolder("accounts")
        store = AccountStore(environment: ["XDG_DATA_HOME": folder.path, "HOME": "/nonexistent"])
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private var sync: URL { folder.appendingPathComponent("koyomi/sync") }

    private func sample(_ id: String, user: String = "alice") -> Account {
        Account(
            id: id, displayName: "Work \(id)", serverURL: URL(string: "https://dav.example.org/remote.php/dav/")!,
            userName: user,
            calendars: [AccountCalendar(remoteURL: URL(string: "https://dav.example.org/remote.php/dav/calendars/\(user)/work/")!,
                                        localFile: "work-\(id).ics", displayName: "Work ✔", color: "#e01b24")],
            created: created)
    }

    func testFileLivesInSyncBesideCalendars() {
        XCTAssertEqual(store.file.path, folder.path + "/koyomi/sync/accounts.json")
        let relative = AccountStore(environment: ["XDG_DATA_HOME": "relative/data", "HOME": "/home/u"])
        XCTAssertEqual(relative.file.path, "/home/u/.local/share/koyomi/sync/accounts.json", "XDG paths must be absolute")
    }

    func testNoFileMeansNoAccounts() throws {
        XCTAssertEqual(try store.load(), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: sync.path), "reading creates nothing")
    }

    func testAddUpdateRemoveRoundTrip() throws {
        let first = sample("A"), second = sample("B", user: "bob")
        try store.add(first)
        try store.add(second)
        XCTAssertEqual(try store.load(), [first, second])
        // A second store on the same file (a new run of Koyomi) reads the same.
        XCTAssertEqual(try AccountStore(file: store.file).load(), [first, second])

        var renamed = second
        renamed.displayName = "Home"
        renamed.calendars.append(AccountCalendar(remoteURL: URL(string: "https://dav.example.org/c/bob/home/")!,
                                                 localFile: "home.ics", displayName: "Home", color: "#2ec27e"))
        try store.update(renamed)
        XCTAssertEqual(try store.load(), [first, renamed])

        XCTAssertTrue(try store.remove(id: "A"))
        XCTAssertFalse(try store.remove(id: "A"))
        XCTAssertEqual(try store.load(), [renamed])
    }

    func testDuplicateAndUnknownIdsAreRefused() throws {
        try store.add(sample("A"))
        XCTAssertThrowsError(try store.add(sample("A", user: "other"))) {
            XCTAssertEqual($0 as? AccountStoreError, .duplicateAccount(id: "A"))
        }
        XCTAssertThrowsError(try store.update(sample("Z"))) {
            XCTAssertEqual($0 as? AccountStoreError, .unknownAccount(id: "Z"))
        }
        XCTAssertEqual(try store.load(), [sample("A")])
    }

    func testJSONHoldsNoPassword() throws {
        try store.add(sample("A"))
        let text = try String(contentsOf: store.file, encoding: .utf8)
        XCTAssertFalse(text.lowercased().contains("password"), text)
        XCTAssertTrue(text.contains("\"userName\" : \"alice\""), text)
        XCTAssertTrue(text.contains("\"serverURL\" : \"https://dav.example.org/remote.php/dav/\""), "URLs as plain strings: \(text)")
        XCTAssertTrue(text.contains("\"created\" : \"2026-11-18T"), "dates as ISO 8601: \(text)")
        XCTAssertTrue(text.contains("\"version\" : 1"), text)
        // Server names and user names are nobody else's business either.
        let attributes = try FileManager.default.attributesOfItem(atPath: store.file.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    func testSaveIsAtomicAndLeavesNoTemporaryFiles() throws {
        try store.add(sample("A"))
        let before = try Data(contentsOf: store.file)
        try store.add(sample("B"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sync.path), ["accounts.json"])
        XCTAssertNotEqual(try Data(contentsOf: store.file), before)
    }

    func testAChangeMadeMeanwhileByAnotherKoyomiIsKept() throws {
        try store.add(sample("A"))
        // Another Koyomi adds B after our read and before our write: our save is refused,
        // and our change is applied again to the list that has B.
        var interleaved = false
        var seen: [[String]] = []
        try store.modify { (list: inout AccountList) throws(AccountStoreError) in
            seen.append(list.accounts.map(\.id))
            if !interleaved {
                interleaved = true
                try AccountStore(file: self.store.file).add(self.sample("B"))
            }
            list.accounts.append(self.sample("C"))
        }
        XCTAssertEqual(seen, [["A"], ["A", "B"]])
        XCTAssertEqual(try store.load().map(\.id), ["A", "B", "C"])
    }

    func testBrokenFileIsReportedAndNeverOverwritten() throws {
        try FileManager.default.createDirectory(at: sync, withIntermediateDirectories: true)
        let broken = Data("{\"version\": 1, \"accounts\": [{\"id\": \"A\"".utf8)
        try broken.write(to: store.file)

        XCTAssertThrowsError(try store.load()) { error in
            guard case let .broken(path, reason)? = error as? AccountStoreError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(path, self.store.file.path)
            XCTAssertEqual(reason, "not JSON")
            XCTAssertTrue("\(error)".contains("the accounts list cannot be read"), "\(error)")
        }
        XCTAssertThrowsError(try store.add(sample("B")), "a change must not replace the broken file")
        XCTAssertEqual(try Data(contentsOf: store.file), broken)

        let message = try store.setBrokenFileAside(now: now)
        let aside = sync.appendingPathComponent("accounts.json.broken-20261130T005320Z")
        XCTAssertEqual(message, "The accounts list could not be read; it was kept as \(aside.path) and Koyomi starts with no accounts.")
        XCTAssertEqual(try Data(contentsOf: aside), broken, "the old content is kept as it was")
        XCTAssertEqual(try store.load(), [])
        try store.add(sample("B"))
        XCTAssertEqual(try store.load().map(\.id), ["B"])
    }

    func testStartUpSetsABrokenFileAsideAndSaysSo() throws {
        try store.add(sample("A"))
        XCTAssertNil(try store.setBrokenFileAside(now: now), "a readable file stays")
        let (accounts, notice) = try store.loadOrStartFresh(now: now)
        XCTAssertEqual(accounts.map(\.id), ["A"])
        XCTAssertNil(notice)

        try Data("[]".utf8).write(to: store.file)
        let (fresh, moved) = try store.loadOrStartFresh(now: now)
        XCTAssertEqual(fresh, [])
        let aside = sync.appendingPathComponent("accounts.json.broken-20261130T005320Z")
        XCTAssertEqual(moved, "The accounts list could not be read; it was kept as \(aside.path) and Koyomi starts with no accounts.")
        XCTAssertEqual(try String(contentsOf: aside, encoding: .utf8), "[]")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.file.path))
    }

    func testASecondBrokenFileInTheSameSecondGetsItsOwnName() throws {
        try FileManager.default.createDirectory(at: sync, withIntermediateDirectories: true)
        try Data("first".utf8).write(to: store.file)
        _ = try store.setBrokenFileAside(now: now)
        try Data("second".utf8).write(to: store.file)
        _ = try store.setBrokenFileAside(now: now)
        let stem = "accounts.json.broken-20261130T005320Z"
        XCTAssertEqual(try String(contentsOf: sync.appendingPathComponent(stem), encoding: .utf8), "first")
        XCTAssertEqual(try String(contentsOf: sync.appendingPathComponent(stem + "-2"), encoding: .utf8), "second")
    }

    func testMissingFieldIsNamedInTheReason() throws {
        try store.add(sample("A"))
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: store.file)) as? [String: Any])
        var accounts = try XCTUnwrap(json["accounts"] as? [[String: Any]])
        accounts[0]["userName"] = nil
        json["accounts"] = accounts
        try JSONSerialization.data(withJSONObject: json).write(to: store.file)
        XCTAssertThrowsError(try store.load()) {
            XCTAssertEqual($0 as? AccountStoreError, .broken(path: self.store.file.path, reason: "missing userName in accounts[0]"))
        }
    }

    func testNewerFormatIsLeftAlone() throws {
        try FileManager.default.createDirectory(at: sync, withIntermediateDirectories: true)
        let newer = Data("{\"version\": 2, \"profiles\": []}".utf8)
        try newer.write(to: store.file)
        XCTAssertThrowsError(try store.load()) {
            XCTAssertEqual($0 as? AccountStoreError, .newerFormat(path: self.store.file.path, version: 2))
        }
        XCTAssertThrowsError(try store.remove(id: "A"))
        XCTAssertThrowsError(try store.setBrokenFileAside(now: now), "a newer file is not broken")
        XCTAssertThrowsError(try store.loadOrStartFresh(now: now))
        XCTAssertEqual(try Data(contentsOf: store.file), newer)
    }
}
