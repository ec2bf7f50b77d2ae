import CalendarEditing
@testable import FileSafety
import Foundation
import ICalendarReading
import XCTest

/// `kill -9` at each step of a save leaves the old or the new file, never a torn one, and the
/// next save cleans up. The child is this test binary, running `testChildSave` with an
/// environment that names the file and the step; it reports readiness on stdout and waits
/// to be killed.
final class SaveKillTests: XCTestCase {
    static let stepKey = "KOYOMI_SAVE_KILL_STEP"
    static let pathKey = "KOYOMI_SAVE_KILL_PATH"
    static let ready = "KOYOMI-SAVE-PAUSED"

    /// The child's part; skipped in ordinary runs.
    func testChildSave() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let stepName = environment[Self.stepKey], let path = environment[Self.pathKey],
              let step = SaveStep(rawValue: stepName) else {
            throw XCTSkip("runs only as the child process of SaveKillTests")
        }
        let (data, identity) = try AtomicFileWriter.read(path: path)
        var document = try CalendarDocument(text: String(decoding: data, as: UTF8.self), timeZone: TestSupport.utc)
        try document.updateEvent(uid: "utc-1", [.title("Killed while saving")], now: SaveTestSupport.now)
        let writer = AtomicFileWriter(willPerform: { current in
            guard current == step else { return }
            FileHandle.standardOutput.write(Data("\n\(Self.ready)\n".utf8))
            while true { pause() }
        })
        try writer.write(document.data, to: path, expecting: identity)
    }

    func testKillAtEveryStepLeavesOldOrNewFile() throws {
        let folder = try SaveTestSupport.folder("koyomi-kill")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("basics.ics").path
        let old = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixturePath("basics.ics")))
        // A large event makes the half-written temporary file clearly torn.
        let padded = String(decoding: old, as: UTF8.self).replacingOccurrences(
            of: "UID:allday-3\n", with: "UID:allday-3\nDESCRIPTION:" + String(repeating: "x", count: 200_000) + "\n")
        XCTAssertGreaterThan(padded.utf8.count, 200_000)
        var expectedNew = try CalendarDocument(text: padded, timeZone: TestSupport.utc)
        try expectedNew.updateEvent(uid: "utc-1", [.title("Killed while saving")], now: SaveTestSupport.now)

        for step in SaveStep.allCases {
            try Data(padded.utf8).write(to: URL(fileURLWithPath: path))
            try runChildUntilPaused(step: step, path: path)
            let after = try Data(contentsOf: URL(fileURLWithPath: path))
            let expected = step == .folderSync ? expectedNew.data : Data(padded.utf8)
            XCTAssertEqual(after, expected, "after kill at \(step)")
            XCTAssertNoThrow(try ICalendarFile(text: String(decoding: after, as: UTF8.self), sourceName: "killed",
                                               options: TestSupport.options()), "\(step)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "basics.ics" }
            XCTAssertEqual(leftovers.count, step == .folderSync ? 0 : 1, "temporary file after kill at \(step)")
            if step == .write, let torn = leftovers.first {
                let size = try Data(contentsOf: folder.appendingPathComponent(torn)).count
                XCTAssertLessThan(size, expectedNew.data.count, "the kill at .write leaves a torn temporary file")
            }

            // The next save succeeds and removes what the killed one left.
            let (_, identity) = try AtomicFileWriter.read(path: path)
            try AtomicFileWriter().write(expectedNew.data, to: path, expecting: identity)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["basics.ics"], "\(step)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), expectedNew.data)
        }
    }

    private func runChildUntilPaused(step: SaveStep, path: String) throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["ICalendarTests.SaveKillTests/testChildSave"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.stepKey: step.rawValue, Self.pathKey: path]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        var seen = ""
        while !seen.contains(Self.ready) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        if seen.contains(Self.ready) { kill(child.processIdentifier, SIGKILL) }
        child.waitUntilExit()
        XCTAssertTrue(seen.contains(Self.ready), "child did not pause at \(step):\n\(seen)")
        XCTAssertEqual(child.terminationReason, .uncaughtSignal, "child was killed at \(step)")
    }
}
