import GtkKit

/// What a controller may do to the window: say something (a toast, the error strip) and put
/// a dialog over it. Controllers are given this narrow role, never the whole `MainWindow`.
@MainActor
protocol WindowFeedback: AnyObject {
    /// A short message at the bottom; with `undo`, an Undo button that calls it.
    func showToast(_ title: String, undo: (@MainActor () -> Void)?)
    /// Problems in words, in the error strip under the header.
    func showProblems(_ problems: [String])
    /// The window dialogs are put over.
    var dialogParent: Window { get }
}

extension WindowFeedback {
    func showToast(_ title: String) { showToast(title, undo: nil) }
}

extension MainWindow: WindowFeedback {
    func showProblems(_ problems: [String]) { errors.show(problems) }
    var dialogParent: Window { window }
}
