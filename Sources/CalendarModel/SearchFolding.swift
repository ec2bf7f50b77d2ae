import Foundation

/// Turns text into the form search compares: lower case, no accents ("Café" → "cafe"),
/// compatibility forms unified (full-width "ＡＢＣ" → "abc", half-width "ｶﾅ" → "カナ") and
/// hiragana as katakana ("かいぎ" → "カイギ"), as UTF-8 bytes.
///
/// Both the indexed texts and the query go through the same folding, so a plain byte
/// substring search then matches across all those differences. Kana voicing marks are kept
/// ("か" and "が" stay different). Non-ASCII characters are folded once each and cached,
/// which is why this is a value with state: use one per thread.
public struct SearchFolding {
    private var cache: [UInt32: [UInt8]] = [:]

    public init() {}

    /// The folded UTF-8 bytes of `text` (NUL bytes are dropped: the index uses them as separators).
    public mutating func fold(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        append(text, to: &bytes)
        return bytes
    }

    /// Appends the folded bytes of `text` to `bytes`.
    public mutating func append(_ text: String, to bytes: inout [UInt8]) {
        var isASCII = true
        for byte in text.utf8 where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII {
            for byte in text.utf8 where byte != 0 {
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            return
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                if byte != 0 { bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
            } else if let folded = cache[value] {
                bytes.append(contentsOf: folded)
            } else {
                let folded = Self.foldScalar(scalar)
                cache[value] = folded
                bytes.append(contentsOf: folded)
            }
        }
    }

    /// One non-ASCII character: compatibility decomposition (NFKD), lower case, accents
    /// (non-spacing marks) dropped except the kana voicing marks, hiragana → katakana.
    static func foldScalar(_ scalar: Unicode.Scalar) -> [UInt8] {
        switch scalar.value {
        // The spacing voicing marks ゛゜ decompose to a space plus the combining mark; keep
        // only the mark, as the half-width ﾞﾟ give.
        case 0x309B: return Array("\u{3099}".utf8)
        case 0x309C: return Array("\u{309A}".utf8)
        default: break
        }
        var out = String.UnicodeScalarView()
        let decomposed = String(String.UnicodeScalarView([scalar])).decomposedStringWithCompatibilityMapping
        for part in decomposed.unicodeScalars {
            for lower in part.properties.lowercaseMapping.unicodeScalars {
                let value = lower.value
                if value == 0x3099 || value == 0x309A {
                    out.append(lower)
                } else if lower.properties.generalCategory == .nonspacingMark || value == 0 {
                    continue
                } else if (0x3041...0x3096).contains(value) || value == 0x309D || value == 0x309E,
                          let katakana = Unicode.Scalar(value + 0x60) {
                    out.append(katakana)
                } else {
                    out.append(lower)
                }
            }
        }
        return Array(String(out).utf8)
    }
}
