import Foundation

/// Reads what `CacheWriter` wrote; every read is bounds-checked and returns nil past the
/// end or on a malformed value, so a truncated or garbage cache is simply not used.
package struct CacheReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int

    package init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var isAtEnd: Bool { offset == bytes.count }

    mutating func unsigned() -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        return nil
    }

    mutating func int() -> Int? {
        guard let raw = unsigned() else { return nil }
        return Int(Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1))
    }

    /// A count of following items, bounded by the bytes left (each item takes at least one).
    mutating func count() -> Int? {
        guard let raw = unsigned(), raw <= UInt64(bytes.count - offset) else { return nil }
        return Int(raw)
    }

    mutating func bool() -> Bool? {
        guard offset < bytes.count, bytes[offset] <= 1 else { return nil }
        offset += 1
        return bytes[offset - 1] == 1
    }

    mutating func double() -> Double? {
        guard bytes.count - offset >= 8 else { return nil }
        var bits: UInt64 = 0
        for index in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[offset + index]) }
        offset += 8
        return Double(bitPattern: bits)
    }

    mutating func string() -> String? {
        guard let length = count() else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
        offset += length
        return String(decoding: slice, as: UTF8.self)
    }

    mutating func optional() -> String?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let value = string() else { return nil }
        return .some(value)
    }

    mutating func strings() -> [String]? {
        guard let count = count() else { return nil }
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = string() else { return nil }
            values.append(value)
        }
        return values
    }

    /// The next `length` bytes, or nil past the end.
    package mutating func raw(_ length: Int) -> UnsafeRawBufferPointer? {
        guard length >= 0, bytes.count - offset >= length else { return nil }
        defer { offset += length }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
    }
}
