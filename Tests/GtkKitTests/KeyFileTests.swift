import Foundation
import GtkKit
import XCTest

/// GKeyFile through Swift: typed values, defaults, clear errors, atomic saves. No display needed.
final class KeyFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testTypedValuesSurviveASaveAndALoad() throws {
        let file = KeyFile()
        file.set("Kyoto = 京都\nsecond line", for: "name", in: "Trip")
        file.set("  leading spaces", for: "note", in: "Trip")
        file.set(-42, for: "offset", in: "Trip")
        file.set(9_000_000_000, for: "big", in: "Trip")
        file.set(true, for: "enabled", in: "Flags")
        file.set(false, for: "hidden", in: "Flags")
        let path = folder.appendingPathComponent("round.ini").path
        try file.save(to: path)

        let loaded = try KeyFile(contentsOfFile: path)
        XCTAssertEqual(loaded.string("name", in: "Trip"), "Kyoto = 京都\nsecond line")
        XCTAssertEqual(loaded.string("note", in: "Trip"), "  leading spaces")
        XCTAssertEqual(loaded.int("offset", in: "Trip"), -42)
        XCTAssertEqual(loaded.int("big", in: "Trip"), 9_000_000_000)
        XCTAssertEqual(loaded.bool("enabled", in: "Flags"), true)
        XCTAssertEqual(loaded.bool("hidden", in: "Flags"), false)
    }

    func testMissingKeysAndWrongTypesGiveNilOrTheDefault() throws {
        let file = try KeyFile(text: "[A]\nnumber=12abc\nflag=maybe\nempty=\ncount=7\n")
        XCTAssertNil(file.int("number", in: "A"), "not a whole number")
        XCTAssertNil(file.bool("flag", in: "A"))
        XCTAssertNil(file.int("empty", in: "A"))
        XCTAssertEqual(file.string("empty", in: "A"), "")
        XCTAssertNil(file.string("absent", in: "A"))
        XCTAssertNil(file.string("count", in: "NoSuchGroup"))
        XCTAssertEqual(file.int("number", in: "A", default: 5), 5)
        XCTAssertEqual(file.bool("flag", in: "A", default: true), true)
        XCTAssertEqual(file.string("absent", in: "A", default: "fallback"), "fallback")
        XCTAssertEqual(file.int("count", in: "A", default: 5), 7, "a valid value wins over the default")
        XCTAssertEqual(file.bool("count", in: "A"), nil, "7 is not a boolean")
    }

    func testAMissingFileIsReportedAsNotFound() {
        let path = folder.appendingPathComponent("nowhere.ini").path
        XCTAssertThrowsError(try KeyFile(contentsOfFile: path)) { error in
            let error = error as? KeyFile.Error
            XCTAssertEqual(error?.kind, .notFound)
            XCTAssertTrue(error?.message.contains("nowhere.ini") == true, error?.message ?? "")
        }
    }

    func testCorruptFilesAreReportedAsMalformed() throws {
        let cases = [
            "no-group": "width=3\n",
            "garbage": "[Window]\nthis line is not a key\n",
            "binary": "\u{FF}\u{FE}\u{1}\u{2}junk\n",
            "unclosed": "[Window\nwidth=3\n",
        ]
        for (name, text) in cases {
            let path = try write(name + ".ini", text)
            XCTAssertThrowsError(try KeyFile(contentsOfFile: path), name) { error in
                let error = error as? KeyFile.Error
                XCTAssertEqual(error?.kind, .malformed, "\(name): \(error?.message ?? "")")
                XCTAssertFalse(error?.message.isEmpty ?? true)
            }
        }
        let latin1 = folder.appendingPathComponent("latin1.ini")
        try Data([0x5B, 0x41, 0x5D, 0x0A, 0x6E, 0x3D, 0xE9, 0x0A]).write(to: latin1) // "[A]\nn=é" in Latin-1
        let file = try? KeyFile(contentsOfFile: latin1.path)
        XCTAssertNil(file?.string("n", in: "A"), "invalid UTF-8 never becomes a string")
    }

    func testAFolderInTheWayIsReportedNotCrashedOn() throws {
        let path = folder.appendingPathComponent("dir.ini")
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        XCTAssertThrowsError(try KeyFile(contentsOfFile: path.path)) { error in
            // GLib refuses anything but a regular file with a parse error ("Not a regular file").
            XCTAssertEqual((error as? KeyFile.Error)?.kind, .malformed)
        }
        XCTAssertThrowsError(try KeyFile().save(to: path.path), "a folder cannot be replaced by a file")

        let file = folder.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        XCTAssertThrowsError(try KeyFile(contentsOfFile: file.appendingPathComponent("a.ini").path)) { error in
            XCTAssertEqual((error as? KeyFile.Error)?.kind, .io, "a file where a folder should be")
        }
    }

    func testSavingIntoAMissingFolderFailsWithAMessage() {
        let path = folder.appendingPathComponent("missing/sub/settings.ini").path
        XCTAssertThrowsError(try KeyFile().save(to: path)) { error in
            let error = error as? KeyFile.Error
            XCTAssertEqual(error?.kind, .notFound)
            XCTAssertTrue(error?.message.contains("settings.ini") == true, error?.message ?? "")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testSavingKeepsCommentsAndUnknownKeysAndLeavesNoTemporaryFiles() throws {
        let path = try write("kept.ini", "# my note\n[Window]\nwidth=100\n[Future]\ncolour=blue\n")
        let file = try KeyFile(contentsOfFile: path)
        file.set(200, for: "width", in: "Window")
        file.removeValue(for: "height", in: "Window") // absent: not an error
        try file.save(to: path)

        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("# my note"), text)
        XCTAssertTrue(text.contains("width=200"), text)
        XCTAssertTrue(text.contains("colour=blue"), text)
        XCTAssertEqual(text, file.text, "text is what save writes")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["kept.ini"],
                       "the atomic write's temporary file is renamed, not left behind")
    }

    func testRemoveValue() throws {
        let file = try KeyFile(text: "[A]\nx=1\ny=2\n")
        file.removeValue(for: "x", in: "A")
        XCTAssertNil(file.int("x", in: "A"))
        XCTAssertEqual(file.int("y", in: "A"), 2)
        XCTAssertFalse(file.text.contains("x="), file.text)
    }
}
