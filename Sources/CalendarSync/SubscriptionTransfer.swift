import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The state of one `SubscriptionDownload` request: the body goes to a file, counted against
/// the cap. Shared by URLSession's delegate queue, the deadline and the awaiting task, so
/// every access holds `lock` (hence `@unchecked Sendable`).
final class SubscriptionTransfer: @unchecked Sendable {
    enum Failure: Error {
        case tooLarge, expired, writeFailed
        case transport(URLError)
    }

    private let lock = NSLock()
    private let handle: FileHandle
    private let maxBytes: Int
    private var received = 0
    private var response: HTTPURLResponse?
    private var failure: Failure?
    private var continuation: CheckedContinuation<Result<HTTPURLResponse, Failure>, Never>?
    private var finished = false

    init(handle: FileHandle, maxBytes: Int) {
        self.handle = handle
        self.maxBytes = maxBytes
    }

    func start(_ continuation: CheckedContinuation<Result<HTTPURLResponse, Failure>, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Refuses a declared length over the cap before any byte arrives.
    func accept(_ response: URLResponse) -> Bool {
        lock.withLock {
            self.response = response as? HTTPURLResponse
            if response.expectedContentLength > Int64(maxBytes) { failure = failure ?? .tooLarge }
            return failure == nil
        }
    }

    func append(_ data: Data) -> Bool {
        lock.withLock {
            guard failure == nil else { return false }
            received += data.count
            if received > maxBytes {
                failure = .tooLarge
                return false
            }
            do {
                try handle.write(contentsOf: data)
            } catch {
                failure = .writeFailed
            }
            return failure == nil
        }
    }

    /// The deadline passed: true when the transfer was still running (the caller cancels it).
    func expire() -> Bool {
        lock.withLock {
            guard !finished else { return false }
            failure = failure ?? .expired
            return true
        }
    }

    /// The task ended: resumes the waiting task once, with the first failure noticed.
    func finish(_ error: Error?) {
        typealias Outcome = Result<HTTPURLResponse, Failure>
        let (waiting, outcome): (CheckedContinuation<Outcome, Never>?, Outcome) = lock.withLock {
            finished = true
            let outcome: Outcome
            if let failure {
                outcome = .failure(failure)
            } else if let error {
                outcome = .failure(.transport(error as? URLError ?? URLError(.unknown)))
            } else if let response {
                outcome = .success(response)
            } else {
                outcome = .failure(.transport(URLError(.badServerResponse)))
            }
            let waiting = continuation
            continuation = nil
            return (waiting, outcome)
        }
        waiting?.resume(returning: outcome)
    }
}
