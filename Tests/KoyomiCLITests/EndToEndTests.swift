import Foundation
import TestSupport
import XCTest

/// The real `koyomi` binary: the first argument picks the command line, never the window.
final class EndToEndTests: XCTestCase {
    private var dataHome: URL!

    override func setUpWithError() throws {
        dataHome = try TestEnvironment.makeFolder("koyomi-cli-e2e")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dataHome)
    }

    private func koyomi(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        let binary = TestEnvironment.koyomiBinary
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "missing \(binary.path)")
        // No DISPLAY or bus: the commands must not need them.
        let output = try TestEnvironment.run(binary, arguments, environment: [
            "XDG_DATA_HOME": dataHome.path, "HOME": dataHome.path, "TZ": "Asia/Tokyo", "PATH": "/usr/bin:/bin",
            "KOYOMI_NOW": TestEnvironment.childNow])
        return (output.status, output.stdout, output.stderr)
    }

    func testAddListRemoveWithoutADisplay() throws {
        let added = try koyomi("add", "--title", "Tea", "--start", "2026-11-10T15:00", "--end", "2026-11-10T15:30")
        XCTAssertEqual(added.status, 0, added.stderr)
        let uid = added.stdout.trimmingCharacters(in: .newlines)
        let file = dataHome.appendingPathComponent("koyomi/calendars/personal.ics")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains("DTSTART;TZID=Asia/Tokyo:20261110T150000"), text)

        let listed = try koyomi("list", "--date", "2026-11-10")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, "2026-11-10  15:00–15:30  Tea  [Personal]\n")

        let removed = try koyomi("remove", uid)
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(removed.stdout, "Removed “Tea” (\(uid)) from Personal\n")
        XCTAssertEqual(try koyomi("list", "--date", "2026-11-10").stdout, "")
    }

    func testFailedCommandLeavesFilesByteIdenticalAndSaysWhyOnOneLine() throws {
        XCTAssertEqual(try koyomi("add", "--title", "Tea", "--start", "2026-11-10").status, 0)
        let file = dataHome.appendingPathComponent("koyomi/calendars/personal.ics")
        let before = try Data(contentsOf: file)
        let backups = try FileManager.default.contentsOfDirectory(atPath: dataHome.appendingPathComponent("koyomi").path)

        let impossible = try koyomi("add", "--title", "Tea", "--start", "2026-02-30")
        XCTAssertEqual(impossible.status, 2)
        XCTAssertEqual(impossible.stderr, "koyomi add: --start expects YYYY-MM-DD or YYYY-MM-DDTHH:MM with a real date, got “2026-02-30”\n")
        let unknown = try koyomi("remove", "nope@koyomi")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("nope@koyomi"), unknown.stderr)

        XCTAssertEqual(try Data(contentsOf: file), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dataHome.appendingPathComponent("koyomi").path), backups)
    }

    func testImportVetsInAChildOfItselfAndExportGivesTheFileBack() throws {
        let source = dataHome.appendingPathComponent("in.ics")
        let good = "BEGIN:VEVENT\r\nUID:e@x\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261110T060000Z\r\n"
            + "SUMMARY:Imported\r\nEND:VEVENT\r\n"
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + good + "BEGIN:VEVENT\r\nUID:bad@x\r\nSUMMARY:No start\r\n"
                  + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8).write(to: source)
        let imported = try koyomi("import", source.path)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout, "Imported into Personal: 1 added, 0 updated, 0 skipped\n")
        XCTAssertTrue(imported.stderr.contains("“No start” (bad@x)"), imported.stderr)
        XCTAssertEqual(try koyomi("list", "--date", "2026-11-10").stdout, "2026-11-10  15:00  Imported  [Personal]\n",
                       "no DTEND and no DURATION: a moment, shown as one time")

        let exported = try koyomi("export")
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let file = dataHome.appendingPathComponent("koyomi/calendars/personal.ics")
        XCTAssertEqual(exported.stdout, try String(contentsOf: file, encoding: .utf8))
        XCTAssertTrue(exported.stdout.contains(good), "the imported event as it was written")

        let broken = dataHome.appendingPathComponent("broken.ics")
        try Data("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n".utf8).write(to: broken)
        let refused = try koyomi("import", broken.path)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.hasPrefix("koyomi import: \(broken.path): "), refused.stderr)
    }

    func testMainHelpListsTheCommands() throws {
        let help = try koyomi("--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("Commands"), help.stdout)
        XCTAssertTrue(help.stdout.contains("remove UID"), help.stdout)
        let listHelp = try koyomi("list", "--help")
        XCTAssertEqual(listHelp.status, 0)
        XCTAssertTrue(listHelp.stdout.hasPrefix("Usage: koyomi list"))
    }

    /// `list` without `--date` lists today, and today is what `KOYOMI_NOW` says (in `TZ`).
    func testKoyomiNowPinsTodayAndABadValueIsRefusedInWords() throws {
        let file = dataHome.appendingPathComponent("days.ics")
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
                  + "BEGIN:VEVENT\r\nUID:leap\r\nDTSTART;VALUE=DATE:20280229\r\nSUMMARY:Leap day\r\nEND:VEVENT\r\n"
                  + "BEGIN:VEVENT\r\nUID:eve\r\nDTSTART;VALUE=DATE:20261231\r\nSUMMARY:New Year's Eve\r\nEND:VEVENT\r\n"
                  + "END:VCALENDAR\r\n").utf8).write(to: file)
        let leap = try TestEnvironment.koyomi(["list", file.path], dataHome: dataHome,
                                              environment: ["KOYOMI_NOW": "2028-02-29T08:00:00Z"])
        XCTAssertEqual(leap.status, 0, leap.stderr)
        XCTAssertEqual(leap.stdout, "2028-02-29  all day  Leap day  [days]\n")
        // 23:30 UTC on December 30 is already New Year's Eve in Tokyo.
        let eve = try TestEnvironment.koyomi(["list", file.path], dataHome: dataHome,
                                             environment: ["KOYOMI_NOW": "2026-12-30T23:30:00Z", "TZ": "Asia/Tokyo"])
        XCTAssertEqual(eve.stdout, "2026-12-31  all day  New Year's Eve  [days]\n", eve.stderr)

        let bad = try TestEnvironment.koyomi(["add", "--title", "Never", "--start", "2026-11-10"], dataHome: dataHome,
                                             environment: ["KOYOMI_NOW": "2026-02-30T10:00:00Z"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "koyomi: KOYOMI_NOW must be a date and time with its offset from UTC, like "
                       + "2026-11-29T12:00:00Z or 2026-11-29T21:00:00+09:00, not “2026-02-30T10:00:00Z”\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataHome.appendingPathComponent("koyomi/calendars").path),
                       "nothing is written")
    }

    /// Under a Japanese locale the commands print Japanese words (issue 35): the first
    /// calendar `add` makes is 「個人」, a plan of whole days lists as 「終日」, and `export`,
    /// `import`, `account list` and `remove` say what they did in Japanese.
    func testCommandsSpeakJapaneseUnderAJapaneseLocale() throws {
        let japanese = ["LANG": "ja_JP.UTF-8"]
        let added = try TestEnvironment.koyomi(["add", "--title", "茶会", "--start", "2026-11-10"], dataHome: dataHome,
                                               environment: japanese)
        XCTAssertEqual(added.status, 0, added.stderr)
        let file = dataHome.appendingPathComponent("koyomi/calendars/personal.ics")
        let created = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(created.contains("X-WR-CALNAME:個人"), created)

        let trip = dataHome.appendingPathComponent("tabi.ics")
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//JA\r\nX-WR-CALNAME:旅行\r\n"
                  + "BEGIN:VEVENT\r\nUID:kyoto\r\nDTSTART;VALUE=DATE:20261110\r\nDTEND;VALUE=DATE:20261113\r\n"
                  + "SUMMARY:京都旅行\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8).write(to: trip)
        let listed = try TestEnvironment.koyomi(["list", "--date", "2026-11-10", file.path, trip.path], dataHome: dataHome,
                                                environment: japanese)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, "2026-11-10  終日  茶会  [個人]\n2026-11-10  終日、2026-11-10–2026-11-12  京都旅行  [旅行]\n")

        // In English the words are English again, and the calendar keeps the name it was made with.
        let english = try TestEnvironment.koyomi(["list", "--date", "2026-11-10", file.path], dataHome: dataHome)
        XCTAssertEqual(english.stdout, "2026-11-10  all day  茶会  [個人]\n", english.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), created, "the file is left as it was")

        let out = dataHome.appendingPathComponent("kakidashi.ics").path
        let exported = try TestEnvironment.koyomi(["export", "-o", out], dataHome: dataHome, environment: japanese)
        XCTAssertEqual(exported.stdout, "カレンダー 1 個から予定 1 件を \(out) に書き出しました\n", exported.stderr)
        let imported = try TestEnvironment.koyomi(["import", trip.path], dataHome: dataHome, environment: japanese)
        XCTAssertEqual(imported.stdout, "個人 にインポートしました: 追加 1、更新 0、スキップ 0\n", imported.stderr)
        let again = try TestEnvironment.koyomi(["import", trip.path], dataHome: dataHome, environment: japanese)
        XCTAssertEqual(again.stdout, "個人 にインポートしました: 追加 0、更新 0、スキップ 1\n"
                       + "  スキップ “京都旅行” (kyoto): すでに最新です\n", again.stderr)
        let accounts = try TestEnvironment.koyomi(["account", "list"], dataHome: dataHome, environment: japanese)
        XCTAssertEqual(accounts.stdout, "アカウントはありません。koyomi account add URL --user NAME で追加できます\n",
                       accounts.stderr)
        // Bad input is said in Japanese too.
        let badDate = try TestEnvironment.koyomi(["list", "--date", "2026-13-01"], dataHome: dataHome, environment: japanese)
        XCTAssertEqual(badDate.status, 2)
        XCTAssertEqual(badDate.stderr, "koyomi list: --date には実在する日付を YYYY-MM-DD で指定してください (指定: 「2026-13-01」)\n")
        let badOption = try TestEnvironment.koyomi(["add", "--frobnicate"], dataHome: dataHome, environment: japanese)
        XCTAssertEqual(badOption.stderr, "koyomi add: 不明なオプション「--frobnicate」\n")
        let noFile = try TestEnvironment.koyomi(["import"], dataHome: dataHome, environment: japanese)
        XCTAssertEqual(noFile.stderr, "koyomi import: どのファイルですか? インポートする .ics ファイルを指定してください\n")
        let uid = added.stdout.trimmingCharacters(in: .newlines)
        let removed = try TestEnvironment.koyomi(["remove", uid], dataHome: dataHome, environment: japanese)
        XCTAssertEqual(removed.stdout, "個人 から「茶会」(\(uid)) を削除しました\n", removed.stderr)
    }
}
