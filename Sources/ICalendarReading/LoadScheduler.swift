import Dispatch
import Synchronization

/// Who may read calendar files when: holds back all but one loading thread while the window
/// paints its first frame.
///
/// At start-up the app reads its files while GTK starts (`ICalendarPrefetch`). One thread
/// reading costs the first frame little; all cores reading made it about 15% later on two
/// cores. So the app makes one scheduler, closes it before reading ahead, hands it to every
/// load (`ICalendarLoadOptions.scheduler`) and opens it once the first frame is painted: until
/// then one thread reads, afterwards all cores. A closed scheduler holds a thread for at most
/// `longestHold`, so loading never waits on a frame that does not come. A new scheduler is
/// open: loads that nobody holds back (the command line, tests, the parsing child, each with
/// a scheduler of its own) never wait. Every load is handed one; none is made for it.
public final class LoadScheduler: Sendable {
    /// How long a closed scheduler holds a thread back at most.
    let longestHold: Double

    private let isClosed = Mutex(false)
    private let opened = DispatchGroup()

    public init(longestHold: Double = 1.0) {
        self.longestHold = longestHold
    }

    /// A dispatch group freed while entered ends the process: a scheduler closed for a first
    /// frame that never came is opened on the way out.
    deinit {
        open()
    }

    /// Holds back extra loading threads from now on, until `open()`.
    public func close() {
        isClosed.withLock { closed in
            guard !closed else { return }
            closed = true
            opened.enter()
        }
    }

    /// Lets every held and later thread go.
    public func open() {
        isClosed.withLock { closed in
            guard closed else { return }
            closed = false
            opened.leave()
        }
    }

    /// Returns when the scheduler is open, or after `longestHold` seconds.
    func pass() {
        _ = opened.wait(timeout: .now() + longestHold)
    }
}
