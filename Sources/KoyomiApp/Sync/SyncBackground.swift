import CalendarSync
import GtkKit

/// Runs network work (async, throwing) off the GTK main thread and hands its outcome back to
/// the main thread through GLib's main context, so a dialog never waits on a server.
///
/// A background thread waits for the work (`runBlocking`) and `MainLoop.runInBackground`
/// delivers the result as an idle callback. (A `Task { @MainActor }` hop is not used: inside
/// `g_application_run` nothing promises to pump Swift's main executor.)
enum SyncBackground {
    @MainActor
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value,
                                     then completion: @escaping @MainActor (Result<Value, any Error>) -> Void) {
        MainLoop.runInBackground({ () -> Result<Value, any Error> in
            do {
                return .success(try runBlocking(work))
            } catch {
                return .failure(error)
            }
        }, then: completion)
    }
}
