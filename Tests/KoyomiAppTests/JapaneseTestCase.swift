import Foundation
@testable import KoyomiApp
import XCTest

/// A window test in Japanese: the catalogs compiled from po/ja.po, gettext reading them, and
/// back to English for the next test.
// @unchecked Sendable: like AppTestCase, touched from the main thread only.
class JapaneseTestCase: AppTestCase, @unchecked Sendable {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    private var savedLanguage: String?
    private var savedMessagesLocale: String?

    override func setUpWithError() throws {
        try super.setUpWithError()
        // The catalogs are compiled afresh into this test's folder, so the test reads what
        // po/ja.po says now, whatever is (or is not) in .build/locale.
        let catalogs = directory.appendingPathComponent("locale")
        let compile = Self.repository.appendingPathComponent("scripts/compile-translations").path
        let result = try MainActor.assumeIsolated { try runTool([compile, catalogs.path]) }
        XCTAssertEqual(result.status, 0, "scripts/compile-translations failed")

        savedLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
        savedMessagesLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
        Localization.setUp(localeDirectory: catalogs)
        setenv("LANGUAGE", "ja", 1)
        // ja_JP.UTF-8 where scripts/setup generated it; C.UTF-8 also honours LANGUAGE (plain C
        // would not). Setting LC_MESSAGES also makes gettext drop what it cached in English.
        if setlocale(LC_MESSAGES, "ja_JP.UTF-8") == nil { setlocale(LC_MESSAGES, "C.UTF-8") }
        XCTAssertEqual(L("Today"), "今日", "gettext did not load the catalog compiled from po/ja.po")
    }

    override func tearDown() {
        super.tearDown()
        if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
        setlocale(LC_MESSAGES, savedMessagesLocale ?? "")
        XCTAssertEqual(L("Today"), "Today", "the next tests are back in English")
    }
}
