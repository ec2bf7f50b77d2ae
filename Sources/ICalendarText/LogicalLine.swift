/// One unfolded content line of iCalendar text, found in its UTF-8 bytes without copying:
/// the byte range from its first physical line to its last continuation line, and the number
/// of its first physical line (CRLF, LF or CR line ends, empty lines skipped, a line starting
/// with a space or tab continues the previous one).
struct LogicalLine {
    /// Byte offsets: from the line's first byte to the end of its last continuation (no line end).
    var range: Range<Int>
    /// 1-based number of the first physical line.
    var number: Int
    /// Whether continuation lines follow (so the bytes are not the line as read).
    var isFolded: Bool

    /// Calls `body` with every logical line of `bytes`, in order; stops when it returns false.
    static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (LogicalLine) -> Bool) {
        var current: LogicalLine?
        var position = 0
        var number = 0
        let count = bytes.count
        while position <= count {
            number += 1
            var end = position
            while end < count && bytes[end] != 10 && bytes[end] != 13 { end += 1 }
            let start = position
            // CRLF is one line end; a lone CR or LF is one too.
            position = end < count && bytes[end] == 13 && end + 1 < count && bytes[end + 1] == 10 ? end + 2 : end + 1
            guard end > start else { continue }
            if bytes[start] == 32 || bytes[start] == 9, let open = current {
                current = LogicalLine(range: open.range.lowerBound..<end, number: open.number, isFolded: true)
                continue
            }
            if let finished = current, !body(finished) { return }
            current = LogicalLine(range: start..<end, number: number, isFolded: false)
        }
        if let finished = current { _ = body(finished) }
    }

    /// The file offset of byte `offset` of the unfolded line (`unfolded(in:)`).
    func fileOffset(ofUnfolded offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard isFolded else { return range.lowerBound + offset }
        var kept = 0
        var found = range.upperBound
        forEachKeptByte(in: bytes) { index in
            if kept == offset { found = index; return false }
            kept += 1
            return true
        }
        return found
    }

    /// The line as read: continuation lines joined back without their first space or tab.
    func unfolded(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard isFolded else { return Array(bytes[range]) }
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        forEachKeptByte(in: bytes) { index in
            result.append(bytes[index])
            return true
        }
        return result
    }

    /// Calls `body` with the file offset of each byte the unfolded line keeps (line ends and
    /// each continuation's first space or tab are skipped); stops when it returns false.
    private func forEachKeptByte(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
        var index = range.lowerBound
        var atLineStart = false
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == 10 || byte == 13 {
                atLineStart = true
            } else if atLineStart {
                atLineStart = false
                // Empty lines were skipped; the first byte of a continuation is dropped.
                if byte != 32 && byte != 9, !body(index) { return }
            } else if !body(index) {
                return
            }
            index += 1
        }
    }
}

/// A content line's name and value found in its bytes (parameters skipped), matching
/// `RawContentLine`: the name ends at the first `;` or `:` outside quotes, the value starts
/// after the first `:` outside quotes; both are trimmed of spaces and tabs.
struct ByteContentLine {
    let bytes: UnsafeBufferPointer<UInt8>
    let name: Range<Int>
    let value: Range<Int>

    init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        self.bytes = bytes
        var inQuotes = false
        var nameEnd: Int?
        var valueStart = range.upperBound
        for index in range {
            let byte = bytes[index]
            if byte == 34 { inQuotes.toggle() }
            if !inQuotes && nameEnd == nil && (byte == 59 || byte == 58) { nameEnd = index }
            if !inQuotes && byte == 58 {
                valueStart = index + 1
                break
            }
        }
        name = Self.trimmed(range.lowerBound..<(nameEnd ?? range.upperBound), in: bytes)
        value = Self.trimmed(valueStart..<range.upperBound, in: bytes)
    }

    /// Whether the name is `upper` (ASCII, compared case-insensitively).
    func nameIs(_ upper: StaticString) -> Bool {
        guard name.count == upper.utf8CodeUnitCount else { return false }
        let start = upper.utf8Start
        for offset in 0..<name.count where Self.upper(bytes[name.lowerBound + offset]) != start[offset] {
            return false
        }
        return true
    }

    var nameText: String { String(decoding: bytes[name].map(Self.upper), as: UTF8.self) }
    var valueText: String { String(decoding: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self) }
    /// The value with ASCII letters upper-cased, for component names ("vevent" → "VEVENT"):
    /// no Unicode case mapping, which costs more than the rest of the scan on a large file.
    var valueTextUppercased: String { String(decoding: bytes[value].map(Self.upper), as: UTF8.self) }

    static func upper(_ byte: UInt8) -> UInt8 { byte >= 97 && byte <= 122 ? byte - 32 : byte }

    private static func trimmed(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && (bytes[lower] == 32 || bytes[lower] == 9) { lower += 1 }
        while upper > lower && (bytes[upper - 1] == 32 || bytes[upper - 1] == 9) { upper -= 1 }
        return lower..<upper
    }
}
