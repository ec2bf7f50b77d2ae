import Foundation
import GtkKit
import TestSupport
import XCTest

/// Runs a helper program (xdotool, the AT-SPI reader) while the GLib main loop keeps turning:
/// this test process has GTK windows and is itself on the accessibility bus, so it must keep
/// answering the X server and AT-SPI queries meanwhile. Bounded, never a sleep.
@MainActor
func runTool(_ arguments: [String], timeout: Double = 30) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.standardError
    try process.run()
    // Read as it arrives, so a large output cannot fill the pipe and stall the tool.
    let reader = PipeReader(output)
    let finished = MainLoop.iterate(until: { !process.isRunning }, timeout: timeout)
    if !finished { process.terminate() }
    XCTAssertTrue(finished, "\(arguments.joined(separator: " ")) did not finish in \(timeout) s")
    process.waitUntilExit()
    return (process.terminationStatus, reader.textUntilEnd())
}
