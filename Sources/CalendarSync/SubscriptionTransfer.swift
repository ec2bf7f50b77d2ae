import Foundation

/// Where one `SubscriptionDownload` request's body goes: a file, counted against the cap.
/// Called from the request's thread only; `failure` is read once the request has ended.
final class SubscriptionTransfer: @unchecked Sendable {
    enum Failure: Equatable { case tooLarge, writeFailed }

    private let handle: FileHandle
    private let maxBytes: Int
    private var received = 0
    private(set) var failure: Failure?

    init(handle: FileHandle, maxBytes: Int) {
        self.handle = handle
        self.maxBytes = maxBytes
    }

    /// Writes the next piece; false (stop) once the cap is passed or the file cannot be written.
    func append(_ data: Data) -> Bool {
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
