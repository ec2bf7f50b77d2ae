import Foundation

/// Reads a child process's pipe on a thread of its own until end of file.
///
/// Not `FileHandle.readabilityHandler`: on Linux its dispatch source can still be armed when
/// the pipe closes, which crashed the test runner inside libdispatch
/// (`_dispatch_event_loop_drain`). A blocking read on a plain thread has no such race.
public final class PipeReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var finished = false

    /// Starts reading `pipe` at once; keep the reader until `text(untilEnd:)`.
    public init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty { finished = true } else { data.append(chunk) }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { break }
            }
        }
        thread.start()
    }

    /// Waits (at most `timeout` seconds) until the text read so far contains `needle`.
    public func wait(for needle: String, timeout: Double) -> Bool {
        wait(timeout: timeout) { $0.contains(needle) }
    }

    /// Waits (at most `timeout` seconds) until the text read so far satisfies `holds`.
    public func wait(timeout: Double, until holds: (String) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !holds(String(decoding: data, as: UTF8.self)) {
            if finished || !condition.wait(until: deadline) { return holds(String(decoding: data, as: UTF8.self)) }
        }
        return true
    }

    /// Everything read so far.
    public var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits for end of file (the writer exited; bounded by `timeout`) and returns all the text.
    public func textUntilEnd(timeout: Double = 30) -> String {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !finished, condition.wait(until: deadline) {}
        return String(decoding: data, as: UTF8.self)
    }
}
