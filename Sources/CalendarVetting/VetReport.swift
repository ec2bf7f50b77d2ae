import FileSafety
import Foundation

/// What the vetting child prints (one JSON object on stdout) and the parent reads back.
struct VetReport: Codable, Equatable {
    struct Rejection: Codable, Equatable {
        /// Position in `CalendarDocument.componentKinds`.
        var index: Int
        var reason: String
    }

    /// The whole file is unusable (no calendar, not UTF-8, …): the problem sentence.
    var error: String?
    var accepted: [Int] = []
    var rejected: [Rejection] = []
    /// Size and FNV-1a hash of the bytes the child read, so the parent knows both read the
    /// same version of the file (the indices refer to it).
    var size = 0
    var hash: UInt64 = 0
    var componentCount = 0

    static func fingerprint(_ data: Data) -> UInt64 { Fingerprint.of(data) }
}
