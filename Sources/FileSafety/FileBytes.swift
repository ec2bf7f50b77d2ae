import Foundation

/// Whole-buffer reads and writes on file descriptors (retrying short writes and EINTR).
public enum FileBytes {
    /// Reads to the end; more than `limit` bytes throws `.tooLarge` (a file growing while read).
    static func readAll(_ fd: Int32, path: String, limit: Int) throws(SaveError) -> Data {
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return result }
            if count < 0 {
                if errno == EINTR { continue }
                throw SaveError.system(path: path, operation: "read", errno: errno)
            }
            result.append(contentsOf: buffer[0..<count])
            if result.count > limit { throw SaveError.tooLarge(path: path, limit: limit) }
        }
    }

    /// Writes all of `data`; `halfway` runs once after the first half is on its way (so a
    /// test can stop the process with a torn temporary file).
    static func writeAll(_ data: Data, to fd: Int32, path: String, halfway: () -> Void) throws(SaveError) {
        let bytes = [UInt8](data)
        let half = bytes.count / 2
        var offset = 0
        try writeRange(bytes, from: &offset, to: half, fd: fd, path: path)
        halfway()
        try writeRange(bytes, from: &offset, to: bytes.count, fd: fd, path: path)
    }

    /// Writes all of `bytes` (no copy into `Data` first).
    public static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(SaveError) {
        var offset = 0
        try writeRange(bytes, from: &offset, to: bytes.count, fd: fd, path: path)
    }

    private static func writeRange(_ bytes: [UInt8], from offset: inout Int, to end: Int,
                                   fd: Int32, path: String) throws(SaveError) {
        while offset < end {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, end - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SaveError.system(path: path, operation: "write", errno: errno)
            }
            offset += count
        }
    }
}
