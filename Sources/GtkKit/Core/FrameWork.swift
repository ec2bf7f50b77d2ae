import CGtk

/// One body waiting for the next frame (`MainLoop.beforeNextFrame`): run once, by whichever
/// comes first, its idle source or a window's layout pass.
@MainActor
final class FrameWork {
    private var body: (@MainActor () -> Void)?

    init(_ body: @escaping @MainActor () -> Void) { self.body = body }

    func run() {
        guard let body else { return }
        self.body = nil
        body()
    }

    func drop() { body = nil }

    var isDone: Bool { body == nil }
}

extension MainLoop {
    /// Bodies asked for before the next frame and not run yet.
    private static var waitingForFrame: [FrameWork] = []

    /// Runs `body` once before the next frame is painted: the place to batch model changes
    /// into one widget update, and to answer a new size.
    ///
    /// Outside a frame it runs at idle ahead of GTK's redraw source (GDK redraws at
    /// G_PRIORITY_HIGH_IDLE + 20). Asked for while a frame is being laid out (from inside an
    /// allocation, which must change no widget), an idle would run only after that frame is
    /// painted, and the frame would show the layout before `body`: a window's own layout pass
    /// runs it instead, once GTK has allocated (`Window`), and GDK lays the frame out again
    /// before painting it when `body` changed sizes.
    @discardableResult
    public static func beforeNextFrame(_ body: @escaping @MainActor () -> Void) -> MainLoopSource {
        let work = FrameWork(body)
        waitingForFrame.append(work)
        let id = g_idle_add_full(G_PRIORITY_HIGH_IDLE + 10, dispatch, retain {
            work.run()
            waitingForFrame.removeAll { $0.isDone }
            return false
        }, release)
        return MainLoopSource(sourceID: id, frameWork: work)
    }

    /// Runs every body waiting for the next frame, and those they ask for in turn, a few
    /// rounds at most (one that always asks again is left to its idle). A new allocation may
    /// ask for more: GDK lays the frame out again, up to four times, and the window's next
    /// layout pass runs those. Their idle sources then find nothing to do.
    static func runFrameWork() {
        for _ in 0..<8 where !waitingForFrame.isEmpty {
            let waiting = waitingForFrame
            waitingForFrame = []
            waiting.forEach { $0.run() }
        }
    }
}
