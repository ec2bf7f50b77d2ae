/// Where the model hands work it need not wait for (freeing a month's index of thousands of
/// plans). The model starts no threads of its own: whoever makes the store decides. The app
/// passes one that runs the work on another thread (`ThreadedBackgroundWork`); the default
/// runs it at once, on the caller's thread, which is what the command line and tests want.
public protocol BackgroundWork: Sendable {
    func run(_ work: @escaping @Sendable () -> Void)
}

/// Runs the work at once, on the caller's thread.
public struct InlineWork: BackgroundWork {
    public init() {}

    public func run(_ work: @escaping @Sendable () -> Void) { work() }
}
