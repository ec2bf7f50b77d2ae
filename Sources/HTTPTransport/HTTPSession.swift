import CCurl
import Foundation
import Synchronization

/// HTTP exchanges with servers Koyomi does not control, over libcurl directly.
///
/// Not Foundation's URLSession: on Linux it ends the whole process ("Transfer completed, but
/// there's no response", SIGILL) when an answer is cut inside its status line or headers, and
/// it times out on total duration only. Here a broken answer is an `HTTPFailure`, and a
/// request fails when nothing arrives for `Limits.silenceSeconds` however long a large
/// listing takes — or next to nothing: a server that trickles an answer a few bytes a second
/// would otherwise hold a sync for ever. Each request runs `curl_easy_perform` on a thread of its own; finished
/// handles are kept for the next request, so their connections are reused. libcurl itself is
/// loaded by the first request (`CurlLibrary`), not when the session is made.
public final class HTTPSession: Sendable {
    public struct Limits: Sendable {
        /// Giving up on connecting (and the TLS handshake).
        public var connectSeconds: Double
        /// Giving up when fewer than `slowestBytesPerSecond` have moved each second for this long.
        public var silenceSeconds: Double
        /// Slower than this for `silenceSeconds` counts as silence: far below any real network
        /// (a poor mobile link moves kilobytes a second), far above a trickle.
        public var slowestBytesPerSecond = 256
        /// How long the server may think before its answer begins (a cold server lists a large
        /// collection in full before sending a byte); once it answers, `silenceSeconds` holds.
        public var answerWaitSeconds: Double
        /// Giving up after this long in all, or never when nil.
        public var totalSeconds: Double?

        public init(connectSeconds: Double = 15, silenceSeconds: Double, answerWaitSeconds: Double? = nil,
                    totalSeconds: Double? = nil) {
            self.connectSeconds = connectSeconds
            self.silenceSeconds = silenceSeconds
            self.answerWaitSeconds = max(silenceSeconds, answerWaitSeconds ?? silenceSeconds)
            self.totalSeconds = totalSeconds
        }
    }

    public let limits: Limits
    private let idleHandles = Mutex<[EasyHandle]>([])
    /// More would only keep sockets open; a sync runs a few requests at a time.
    private static let keptHandles = 4

    public init(limits: Limits) {
        self.limits = limits
    }

    deinit {
        // Handles were kept only if libcurl loaded.
        guard case let .success(curl) = CurlLibrary.shared else { return }
        idleHandles.withLock { handles in handles.forEach { curl.api.pointee.easy_cleanup($0.pointer) } }
    }

    /// Sends `request` and waits for the whole answer. A `sink` gets the body in pieces instead
    /// of the response (return false to stop: the request then fails as `.refused`).
    public func perform(_ request: HTTPRequest,
                        sink: (@Sendable (Data) -> Bool)? = nil) async throws(HTTPFailure) -> HTTPResponse {
        let transfer = CurlTransfer(sink: sink, silence: .init(seconds: limits.silenceSeconds,
                                                               slowestBytesPerSecond: limits.slowestBytesPerSecond))
        let result: Result<HTTPResponse, HTTPFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { [self] in
                    continuation.resume(returning: self.run(request, transfer))
                }
            }
        } onCancel: {
            transfer.cancel()
        }
        return try result.get()
    }

    private func run(_ request: HTTPRequest, _ transfer: CurlTransfer) -> Result<HTTPResponse, HTTPFailure> {
        let api: UnsafePointer<koyomi_curl_api>
        switch CurlLibrary.shared {
        case let .success(library): api = library.api
        // No libcurl: every request fails, saying which library could not be loaded and why.
        case let .failure(failure): return .failure(failure)
        }
        guard let handle = takeHandle(api) else { return .failure(.unreachable(reason: "libcurl could not start a request")) }
        var keep = true
        defer { if keep { giveBack(handle, api) } else { api.pointee.easy_cleanup(handle.pointer) } }
        let curl = handle.pointer
        api.pointee.easy_reset(curl)
        var headerList: UnsafeMutablePointer<curl_slist>?
        // Expect: 100-continue would wait a second before each large upload.
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            headerList = api.pointee.slist_append(headerList, line)
        }
        defer { api.pointee.slist_free_all(headerList) }
        let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorText.deallocate() }

        koyomi_curl_set_string(api, curl, CURLOPT_URL, request.url.absoluteString)
        koyomi_curl_set_string(api, curl, CURLOPT_PROTOCOLS_STR, "http,https")
        koyomi_curl_set_long(api, curl, CURLOPT_NOSIGNAL, 1)
        koyomi_curl_set_long(api, curl, CURLOPT_FOLLOWLOCATION, 0)
        koyomi_curl_set_long(api, curl, CURLOPT_CONNECTTIMEOUT_MS, Int(limits.connectSeconds * 1000))
        // libcurl's "slower than slowestBytesPerSecond for this long" bounds the wait for the
        // answer to begin; once it has, the transfer's own progress check (`CurlTransfer`)
        // ends one that goes quiet for silenceSeconds.
        koyomi_curl_set_long(api, curl, CURLOPT_LOW_SPEED_LIMIT, limits.slowestBytesPerSecond)
        koyomi_curl_set_long(api, curl, CURLOPT_LOW_SPEED_TIME, max(1, Int(limits.answerWaitSeconds.rounded(.up))))
        koyomi_curl_set_long(api, curl, CURLOPT_TIMEOUT_MS, limits.totalSeconds.map { Int($0 * 1000) } ?? 0)
        koyomi_curl_set_string(api, curl, CURLOPT_USERAGENT, "Koyomi")
        koyomi_curl_set_string(api, curl, CURLOPT_ACCEPT_ENCODING, "") // whatever libcurl can decode
        koyomi_curl_set_list(api, curl, CURLOPT_HTTPHEADER, headerList)
        koyomi_curl_set_pointer(api, curl, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorText))
        if request.method == "GET" {
            koyomi_curl_set_long(api, curl, CURLOPT_HTTPGET, 1)
        } else {
            koyomi_curl_set_string(api, curl, CURLOPT_CUSTOMREQUEST, request.method)
        }
        if let body = request.body {
            koyomi_curl_set_large(api, curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { bytes in
                // COPYPOSTFIELDS: libcurl keeps its own copy for the whole transfer.
                _ = koyomi_curl_set_pointer(api, curl, CURLOPT_COPYPOSTFIELDS,
                                            UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(errorText)))
            }
        }
        let context = Unmanaged.passRetained(transfer)
        defer { context.release() }
        transfer.connect(to: curl, context: context.toOpaque(), api: api)

        let start = Date()
        let code = api.pointee.easy_perform(curl)
        if code == CURLE_OK, !transfer.headersComplete {
            keep = false
            return .failure(.unreachable(reason: "the server's answer was cut off in its headers"))
        }
        if code == CURLE_OK {
            return .success(HTTPResponse(status: koyomi_curl_response_code(api, curl), headers: transfer.headers, body: transfer.body))
        }
        // A handle whose transfer failed may hold a broken connection: not reused.
        keep = false
        let said = String(cString: errorText)
        let reason = said.isEmpty
            ? api.pointee.easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)" : said
        return .failure(Self.failure(code, reason: reason, elapsed: Date().timeIntervalSince(start), transfer: transfer,
                                     limits: limits))
    }

    static func failure(_ code: CURLcode, reason: String, elapsed: Double, transfer: CurlTransfer, limits: Limits) -> HTTPFailure {
        switch code {
        case CURLE_ABORTED_BY_CALLBACK: return transfer.wentSilent ? .silent(seconds: limits.silenceSeconds) : .cancelled
        case CURLE_WRITE_ERROR where transfer.sinkRefused: return .refused
        case CURLE_OPERATION_TIMEDOUT:
            if let total = limits.totalSeconds, elapsed >= total - 0.5 { return .tookTooLong(seconds: total) }
            if !transfer.answerBegan { return .noAnswer(seconds: limits.answerWaitSeconds) }
            return .silent(seconds: limits.silenceSeconds)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_ENGINE_INITFAILED:
            return .tls(reason: reason)
        // Cut or broken answers, in words first, libcurl's own after.
        case CURLE_GOT_NOTHING: return .unreachable(reason: "the server closed the connection without answering")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return .unreachable(reason: "the connection broke while talking to the server (\(reason))")
        case CURLE_PARTIAL_FILE: return .unreachable(reason: "the server's answer was cut off (\(reason))")
        case CURLE_WEIRD_SERVER_REPLY: return .unreachable(reason: "the server's answer is not HTTP (\(reason))")
        default: return .unreachable(reason: reason)
        }
    }

    private func takeHandle(_ api: UnsafePointer<koyomi_curl_api>) -> EasyHandle? {
        if let reused = idleHandles.withLock({ $0.popLast() }) { return reused }
        return api.pointee.easy_init().map(EasyHandle.init)
    }

    private func giveBack(_ handle: EasyHandle, _ api: UnsafePointer<koyomi_curl_api>) {
        let extra = idleHandles.withLock { handles -> EasyHandle? in
            guard handles.count < Self.keptHandles else { return handle }
            handles.append(handle)
            return nil
        }
        if let extra { api.pointee.easy_cleanup(extra.pointer) }
    }
}

/// A libcurl easy handle, owned by one request at a time (so it may cross threads).
struct EasyHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}
