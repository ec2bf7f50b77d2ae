/// Content lines longer than any real calendar needs. libical's line scanning is quadratic in
/// a line's length: one 10 MB value took two minutes, 100,000 parameters as long. Such a line
/// is read cut (its value to `maxValueBytes`, its parameters to `maxParameters`), with a note
/// for the user; the file keeps the whole line, and saves write it back as it was.
enum LongLines {
    /// A logical line longer than this (folded bytes included) is looked at closely.
    static let maxLineBytes = 64 << 10
    /// What is read of a value (1 MiB: more than any description; inline attachments, which
    /// Koyomi does not show, are cut).
    static let maxValueBytes = 1 << 20
    /// What is read of a line's parameters (real ones have a handful).
    static let maxParameters = 100

    /// The line as the parser reads it, unfolded and cut, and a note saying what was cut; nil
    /// when, unfolded, it is short enough after all.
    static func cut(_ line: LogicalLine, in bytes: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], note: String)? {
        let unfolded = line.unfolded(in: bytes)
        // The name ends at the first ";" or ":"; the value starts after the first ":" outside quotes.
        var parameterStarts: [Int] = []
        var valueStart: Int?
        var inQuotes = false
        for (index, byte) in unfolded.enumerated() {
            if byte == 34 { inQuotes.toggle() }
            guard !inQuotes else { continue }
            if byte == 59 { parameterStarts.append(index) }
            if byte == 58 { valueStart = index; break }
        }
        guard let colon = valueStart else {
            return unfolded.count > maxValueBytes ? (Array(unfolded.prefix(maxValueBytes)), "a line of \(size(unfolded.count)) "
                                                     + "without a value; only its first \(size(maxValueBytes)) are read") : nil
        }
        let name = String(decoding: unfolded[0..<(parameterStarts.first ?? colon)], as: UTF8.self)
        var notes: [String] = []
        var result: [UInt8]
        if parameterStarts.count > maxParameters {
            result = Array(unfolded[0..<parameterStarts[maxParameters]])
            notes.append("\(parameterStarts.count) parameters, of which the first \(maxParameters) are read")
        } else {
            result = Array(unfolded[0..<colon])
        }
        let valueLength = unfolded.count - colon - 1
        if valueLength > maxValueBytes {
            // Cut between characters, and not after the backslash of an escape ("\n").
            var end = colon + 1 + maxValueBytes
            while end > colon + 1, unfolded[end] & 0xC0 == 0x80 { end -= 1 }
            while end > colon + 1, unfolded[end - 1] == 92 { end -= 1 }
            result += unfolded[colon..<end]
            notes.append("a value of \(size(valueLength)), of which the first \(size(maxValueBytes)) are read")
        } else {
            result += unfolded[colon...]
        }
        guard !notes.isEmpty else { return nil }
        return (result, "its \(name) has \(notes.joined(separator: " and ")) (the file keeps all of it)")
    }

    /// "10.0 MiB", "1 MiB", "512 KiB".
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            return bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
        }
        return "\(bytes >> 10) KiB"
    }
}
