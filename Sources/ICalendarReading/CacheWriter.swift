import Foundation

/// Appends values to a byte buffer for `ReopenCache`: LEB128 varints (zigzag for signed),
/// doubles as their bit patterns, strings as a length and UTF-8.
package struct CacheWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func int(_ value: Int) {
        unsigned(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// 0 for nil, else 1 and the string.
    mutating func optional(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    mutating func strings(_ values: [String]) {
        unsigned(UInt64(values.count))
        values.forEach { string($0) }
    }

    package mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
}
