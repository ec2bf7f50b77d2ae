import CalendarSync
import Foundation
@testable import KoyomiCLI
import TestSupport
import Translation
import XCTest

/// The commands' words in Japanese, in-process (issue 35): what `koyomi sync` and the
/// subscription commands print, read from the catalog compiled from po/ja.po now.
final class CLIJapaneseTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    private var catalogs: URL!
    private var savedMessagesLocale: String?

    override func setUpWithError() throws {
        catalogs = try TestEnvironment.makeFolder("koyomi-cli-locale")
        let compile = Self.repository.appendingPathComponent("scripts/compile-translations")
        let result = try TestEnvironment.run(compile, [catalogs.path], environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 0, "scripts/compile-translations failed: \(result.stderr)")
        savedMessagesLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
        // Bound only: a default domain set here, before GTK's first translation in this process,
        // would make GLib leave GTK's own words untranslated in the window tests after it.
        Gettext.bind(domain: CLILocalization.domain, directory: catalogs.path)
        setenv("LANGUAGE", "ja", 1)
        // ja_JP.UTF-8 where scripts/setup generated it; C.UTF-8 also honours LANGUAGE. Setting
        // LC_MESSAGES also makes gettext drop what it cached in English.
        if setlocale(LC_MESSAGES, "ja_JP.UTF-8") == nil { setlocale(LC_MESSAGES, "C.UTF-8") }
        XCTAssertEqual(L("all day"), "終日", "gettext did not load the catalog compiled from po/ja.po")
    }

    override func tearDown() {
        unsetenv("LANGUAGE")
        setlocale(LC_MESSAGES, savedMessagesLocale ?? "")
        XCTAssertEqual(L("all day"), "all day", "the next tests are back in English")
        try? FileManager.default.removeItem(at: catalogs)
    }

    func testSyncSaysWhatItDidInJapanese() {
        var report = SyncReport()
        report.received = 2
        report.sent = 1
        report.removedThere = 3
        XCTAssertEqual(SyncCommand.text(report), "受信 2、送信 1、サーバーで削除 3")
        XCTAssertEqual(SyncCommand.explain(.bothChanged), "はこちらとサーバーの両方で変更されました")
    }

    func testSubscriptionsSayWhatCameInJapanese() throws {
        let holidays = Subscription(url: try XCTUnwrap(URL(string: "https://example.com/h.ics")), name: "祝日",
                                    color: "#3584e4", created: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(SubscribeCommand.summary(.unchanged(holidays)), "変更なし")
        XCTAssertEqual(SubscribeCommand.summary(.updated(holidays, eventCount: 12, problems: ["x"])), "予定 12 件、1 件を除外")
    }
}
