import CCurl
import Foundation
import Synchronization

/// One transfer's state, reached from libcurl's callbacks on the request's thread: the
/// headers and body as they arrive, and whether the Swift task was cancelled (set from any
/// thread, read by the progress callback).
final class CurlTransfer: @unchecked Sendable {
    private(set) var headers: [String: String] = [:]
    private(set) var body = Data()
    /// Whether the sink said no (the write callback then stops the transfer).
    private(set) var sinkRefused = false
    /// Whether the last answer's header block ended (its blank line arrived): libcurl reports
    /// success for an answer cut inside its headers when the server closes the connection.
    private(set) var headersComplete = false
    /// Whether any of the answer (its status line) has arrived.
    private(set) var answerBegan = false
    /// Whether the progress check ended the transfer for going quiet (see `Silence`).
    private(set) var wentSilent = false
    private let sink: (@Sendable (Data) -> Bool)?
    private let cancelled = Atomic<Bool>(false)

    /// Once the answer has begun: fewer than `slowestBytesPerSecond` a second over a window of
    /// `seconds` ends the transfer (a server that trickles, or a connection gone dead).
    struct Silence {
        var seconds: Double
        var slowestBytesPerSecond: Int
    }

    private let silence: Silence
    private var window: (start: Double, bytes: Int64)?

    init(sink: (@Sendable (Data) -> Bool)?, silence: Silence) {
        self.sink = sink
        self.silence = silence
    }

    func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// The transfer a callback's context names (`HTTPSession.run` holds it retained throughout).
    private static func borrowed(_ context: UnsafeMutableRawPointer?) -> CurlTransfer {
        Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Points libcurl's callbacks at this transfer (`context` is its retained pointer).
    func connect(to curl: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer, api: UnsafePointer<koyomi_curl_api>) {
        koyomi_curl_set_data_callback(api, curl, CURLOPT_WRITEFUNCTION) { bytes, size, count, context in
            let transfer = CurlTransfer.borrowed(context)
            let length = size * count
            return transfer.received(Data(bytes: bytes!, count: length)) ? length : 0
        }
        koyomi_curl_set_pointer(api, curl, CURLOPT_WRITEDATA, context)
        koyomi_curl_set_data_callback(api, curl, CURLOPT_HEADERFUNCTION) { bytes, size, count, context in
            let transfer = CurlTransfer.borrowed(context)
            let length = size * count
            transfer.headerLine(String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self))
            return length
        }
        koyomi_curl_set_pointer(api, curl, CURLOPT_HEADERDATA, context)
        koyomi_curl_set_long(api, curl, CURLOPT_NOPROGRESS, 0)
        koyomi_curl_set_progress_callback(api, curl) { context, _, received, _, sent in
            let transfer = CurlTransfer.borrowed(context)
            if transfer.cancelled.load(ordering: .relaxed) { return 1 }
            return transfer.stillMoving(bytes: Int64(received) + Int64(sent)) ? 0 : 1
        }
        koyomi_curl_set_pointer(api, curl, CURLOPT_XFERINFODATA, context)
    }

    /// The silence check, on each progress callback (libcurl calls it at least once a second).
    private func stillMoving(bytes: Int64) -> Bool {
        guard answerBegan else { return true }
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let now = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        guard let window else {
            self.window = (now, bytes)
            return true
        }
        guard now - window.start >= silence.seconds else { return true }
        if Double(bytes - window.bytes) < Double(silence.slowestBytesPerSecond) * silence.seconds {
            wentSilent = true
            return false
        }
        self.window = (now, bytes)
        return true
    }

    private func received(_ data: Data) -> Bool {
        guard let sink else {
            body.append(data)
            return true
        }
        if sink(data) { return true }
        sinkRefused = true
        return false
    }

    /// A status line starts a new answer (after "100 Continue"): its headers replace the last.
    private func headerLine(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("HTTP/") {
            answerBegan = true
            headers = [:]
            headersComplete = false
        } else if trimmed.isEmpty, line.utf8.last == 10 { // "\r\n" is one Character: look at the bytes
            headersComplete = true
        } else if let colon = trimmed.firstIndex(of: ":") {
            headers[String(trimmed[..<colon])] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }
}
