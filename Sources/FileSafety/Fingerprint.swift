/// A short fingerprint of some bytes (FNV-1a, 64 bits): enough to tell "the same bytes again"
/// (a vetted file, a download, an event's text since the last sync), never a security check.
public enum Fingerprint {
    /// FNV-1a's starting value (the fingerprint of no bytes).
    public static let empty: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The fingerprint of `bytes`, or of what came before them when `hash` is that one's.
    public static func of<Bytes: Sequence>(_ bytes: Bytes, continuing hash: UInt64 = empty) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = hash
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The fingerprint as lower-case hex, for JSON state files.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(of(bytes), radix: 16)
    }
}
