import Foundation

/// How the parsing child hands over a first part (`ICalendarLoadOptions.firstPart`) ahead of
/// the whole parse on the same stdout: a tag, the image's length (8 bytes, little-endian) and
/// the reopen cache's image of the first part; then whatever the child writes as without one.
/// The parent reads the frame as soon as it is whole, and the rest when the child exits.
enum FirstPartFrame {
    private static let tag = Array("KOYOMI-FIRST-PART\n".utf8)
    private static let headerSize = tag.count + 8

    /// The child's arguments asking for a first part of `interval`.
    static func arguments(_ interval: DateInterval) -> [String] {
        ["--first", String(interval.start.timeIntervalSince1970), String(interval.end.timeIntervalSince1970)]
    }

    /// The interval of a leading `--first START END`, and the arguments after it.
    static func interval(in arguments: ArraySlice<String>) -> (DateInterval?, ArraySlice<String>) {
        guard arguments.count >= 3, arguments.first == "--first",
              let start = Double(arguments[arguments.startIndex + 1]), let end = Double(arguments[arguments.startIndex + 2]),
              start.isFinite, end.isFinite, start <= end else { return (nil, arguments) }
        return (DateInterval(start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end)),
                arguments.dropFirst(3))
    }

    static func frame(_ image: [UInt8]) -> [UInt8] {
        var length = UInt64(image.count).littleEndian
        return tag + withUnsafeBytes(of: &length) { Array($0) } + image
    }

    /// The first part's image when `output` starts with a whole frame; nil while it is not
    /// whole yet, or when the output has none.
    static func image(atStartOf output: Data) -> Data? {
        guard let length = length(atStartOf: output), output.count >= headerSize + length else { return nil }
        let start = output.startIndex + headerSize
        return output[start..<(start + length)]
    }

    /// `output` without its leading frame (all of it when it has none, or a cut one).
    static func rest(of output: Data) -> Data {
        guard let length = length(atStartOf: output), output.count >= headerSize + length else { return output }
        return output.dropFirst(headerSize + length)
    }

    private static func length(atStartOf output: Data) -> Int? {
        guard output.count >= headerSize, output.prefix(tag.count).elementsEqual(tag) else { return nil }
        let length = output.dropFirst(tag.count).prefix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return length <= UInt64(Int.max - headerSize) ? Int(length) : nil
    }
}
