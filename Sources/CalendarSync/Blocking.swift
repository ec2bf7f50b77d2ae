import Dispatch

/// Runs async work to its end from plain, synchronous code: the command line (it has no main
/// loop to return to) and the window's background threads. Never call it on the GTK main
/// thread. Errors come back as they were thrown.
public func runBlocking<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            box.result = .success(try await body())
        } catch {
            box.result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// Written once by the task before `signal`, read after `wait`: the semaphore orders them.
private final class ResultBox<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}
