import CGtk
@testable import GtkKit
import XCTest

/// The native chooser offers .ics files first and answers exactly once, with a path or nil.
final class FileChooserTests: GtkTestCase {
    @MainActor
    private static func makeChooser(_ mode: FileChooser.Mode) -> FileChooser {
        FileChooser(mode: mode, title: "Import", acceptLabel: "_Open", cancelLabel: "_Cancel", parent: nil,
                    filterName: "iCalendar files", allFilesName: "All files")
    }

    func testTheICalendarFilterComesFirst() {
        onMain {
            XCTAssertEqual(Self.makeChooser(.open).filterNames, ["iCalendar files", "All files"])
        }
    }

    func testCancellingGivesNilOnceAndFreesTheChooser() {
        onMain {
            var answers: [String?] = []
            var chooser: FileChooser? = Self.makeChooser(.open)
            let probe = WeakObjectProbe(chooser!)
            chooser!.present { answers.append($0) }
            XCTAssertTrue(chooser!.isShown)
            let shown = chooser!
            chooser = nil
            XCTAssertTrue(probe.isAlive, "a shown chooser stays alive without its caller")
            shown.finish(response: GTK_RESPONSE_CANCEL.rawValue)
            XCTAssertEqual(answers, [nil])
            XCTAssertFalse(shown.isShown)
            _ = consume shown
            MainLoop.drain()
            XCTAssertFalse(probe.isAlive, "an answered chooser is released")
        }
    }

    func testSavingAnswersWithTheFolderAndSuggestedName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koyomi-chooser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        onMain {
            var answers: [String?] = []
            let chooser = Self.makeChooser(.save(suggestedName: "Work.ics"))
            chooser.setFolder(folder.path)
            chooser.present { answers.append($0) }
            // The fallback (non-portal) dialog fills in its folder asynchronously.
            XCTAssertTrue(MainLoop.iterate(until: {
                guard let file = gtk_file_chooser_get_file(chooser.opaque) else { return false }
                g_object_unref(UnsafeMutableRawPointer(file))
                return true
            }, timeout: 3))
            chooser.finish(response: GTK_RESPONSE_ACCEPT.rawValue)
            XCTAssertEqual(answers, [folder.appendingPathComponent("Work.ics").path])
        }
    }
}
