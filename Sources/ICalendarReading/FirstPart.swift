import Dispatch
import Foundation

/// The first part of a load: a calendar holding only the plans of `interval`, handed over
/// while the rest of the file is still being read, so a first open shows the visible month
/// without waiting for a whole large file (issue 21). Set on `ICalendarLoadOptions`; the
/// loading thread calls `arrive` (or nothing, when the whole file is as quick: a reopen from
/// the cache, a small file) and always `finish`; another thread waits with `wait()`.
public final class FirstPart: @unchecked Sendable {
    /// Files smaller than this are read whole as quickly as in parts (a few milliseconds).
    static let minimumSize = 256 * 1024

    public let interval: DateInterval
    private let lock = NSLock()
    private let settled = DispatchSemaphore(value: 0)
    /// Written under `lock`, once; read after `settled`.
    private var file: ICalendarFile?
    private var isSettled = false

    public init(interval: DateInterval) {
        self.interval = interval
    }

    /// The first part is read (`file.coverage` is `interval`).
    func arrive(_ file: ICalendarFile) {
        settle(with: file)
    }

    /// The load is over: nothing more comes.
    func finish() {
        settle(with: nil)
    }

    /// The first part, once read; nil when the load ended without one.
    public func wait() -> ICalendarFile? {
        settled.wait()
        settled.signal()
        return lock.withLock { file }
    }

    private func settle(with file: ICalendarFile?) {
        let first = lock.withLock {
            guard !isSettled else { return false }
            isSettled = true
            self.file = file
            return true
        }
        if first { settled.signal() }
    }
}
