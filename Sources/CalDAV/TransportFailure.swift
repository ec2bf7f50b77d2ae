import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a request that got no HTTP answer failed, read from libcurl's error (through
/// URLError): its own text, and whether it was the TLS handshake. Shared by the CalDAV client
/// and subscription downloads.
public enum TransportFailure {
    public static func read(_ error: URLError) -> (reason: String, isTLS: Bool) {
        let reason = (error.userInfo[NSLocalizedDescriptionKey] as? String) ?? error.localizedDescription
        let tlsCodes: Set<URLError.Code> = [
            .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired,
        ]
        // libcurl's certificate failures arrive as code -1 (unknown) on Linux: look at the text too.
        let lowered = reason.lowercased()
        let isTLS = tlsCodes.contains(error.code) || lowered.contains("ssl") || lowered.contains("tls")
            || lowered.contains("certificate")
        return (reason, isTLS)
    }
}
