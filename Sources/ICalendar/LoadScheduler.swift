import Dispatch
import Synchronization

/// Holds back all but one loading thread while the window paints its first frame.
///
/// At start-up the app reads its files while GTK starts (`ICalendarPrefetch`). One thread
/// reading costs the first frame little; all cores reading made it about 15% later on two
/// cores. So the app closes the gate before reading ahead and opens it once the first frame
/// is painted: until then one thread reads, afterwards all cores. A closed gate holds threads
/// for at most `longestHold`, so loading never waits on a frame that does not come. Open
/// unless someone closes it: only the app's start-up does (and a test of the holding).
public enum LoadingGate {
    /// How long a closed gate holds a thread back at most.
    static let longestHold = 1.0

    private static let state = Mutex(State())
    private static let opened = DispatchGroup()

    private struct State {
        var isClosed = false
    }

    /// Holds back extra loading threads from now on, until `open()`.
    public static func close() {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.isClosed = true
            opened.enter()
        }
    }

    /// Lets every held and later thread go.
    public static func open() {
        state.withLock { state in
            guard state.isClosed else { return }
            state.isClosed = false
            opened.leave()
        }
    }

    /// Returns when the gate is open, or after `longestHold` seconds.
    static func pass() {
        _ = opened.wait(timeout: .now() + longestHold)
    }
}
