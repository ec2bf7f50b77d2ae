import CalendarModel
import CalendarVetting
import FileSafety
import Foundation
import ICalendarReading

/// Reads calendar files for the window, turning every failure into a message that names the
/// file and the problem. It only reads: edits go through `EditableFiles`.
struct CalendarLoader {
    /// A file to read, the colour it gets if it names none, and whether it may be edited.
    struct Request: Equatable {
        var path: String
        var fallbackColor: String
        var isReadOnly = false

        /// The calendar this file becomes in the store.
        var id: CalendarID { CalendarLoader.id(for: path) }
    }

    struct Result {
        var sources: [ICalendarFile] = []
        /// Files that could not be opened at all (missing, unreadable, malformed).
        var errors: [String] = []
        /// Files that opened with something skipped (an event without a start, an unknown zone).
        var warnings: [String] = []
        /// With `deferringCacheWrites`: fresh parses still to be stored in the reopen cache.
        var cacheWrites: [ReopenCacheWrite] = []
        var problems: [String] { errors + warnings }

        /// Adds another read's files and messages after these.
        static func += (result: inout Result, other: Result) {
            result.sources += other.sources
            result.errors += other.errors
            result.warnings += other.warnings
            result.cacheWrites += other.cacheWrites
        }
    }

    var timeZone: TimeZone
    /// Versions of files not read before are parsed by a child process under limits.
    var parseGuard: ParseGuard?
    /// When the loading threads may run (the app's holds them back until its first frame).
    var scheduler: LoadScheduler

    /// The options a file is read with: `Request` adds the fallback colour and read-only state.
    func options(for path: String, fallbackColor: String = CalendarPalette.first, isReadOnly: Bool = true)
        -> ICalendarLoadOptions {
        var options = ICalendarLoadOptions(id: Self.id(for: path), fallbackColor: fallbackColor, timeZone: timeZone,
                                           isReadOnly: isReadOnly, scheduler: scheduler)
        options.parseDelegate = parseGuard
        return options
    }

    /// Reads the files, all at once (each also spreads over the cores). `deferringCacheWrites`
    /// leaves storing fresh parses in the reopen cache to the caller (`Result.cacheWrites`);
    /// otherwise they are stored at once.
    /// A file that `prefetched` read ahead (`ICalendarPrefetch`) is taken from it.
    func load(_ requests: [Request], deferringCacheWrites: Bool = false, prefetched: ICalendarPrefetch? = nil) -> Result {
        let files = requests.map(file(for:))
        return collect(requests, ICalendarFile.loadLeavingCacheWrites(files, prefetched: prefetched),
                       deferringCacheWrites: deferringCacheWrites)
    }

    /// The files of `requests` that `prefetched` has finished reading, as `load` gives them
    /// (cache writes deferred), if together they are at most `bytes` long; none otherwise, and
    /// none of those still being read (or not read ahead, or changed since). It neither waits
    /// nor reads, so the window may ask before its first frame.
    func takeReadAhead(_ requests: [Request], from prefetched: ICalendarPrefetch, upTo bytes: Int64)
        -> [(request: Request, result: Result)] {
        let sizes = requests.compactMap { request in prefetched.readSize(path: request.path).map { (request, $0) } }
        guard sizes.reduce(0, { $0 + $1.1 }) <= bytes else { return [] }
        return sizes.compactMap { request, _ in
            let file = file(for: request)
            return prefetched.takeIfRead(path: file.path, options: file.options).map {
                (request, collect([request], [$0], deferringCacheWrites: true))
            }
        }
    }

    private func file(for request: Request) -> (path: String, options: ICalendarLoadOptions) {
        (path: request.path,
         options: options(for: request.path, fallbackColor: request.fallbackColor,
                          isReadOnly: request.isReadOnly || !Self.isWritable(request.path)))
    }

    private func collect(_ requests: [Request], _ loaded: [ICalendarPrefetch.Loaded], deferringCacheWrites: Bool) -> Result {
        var result = Result()
        for (request, loaded) in zip(requests, loaded) {
            switch loaded {
            case let .success((file, cacheWrite)):
                result.sources.append(file)
                if let cacheWrite {
                    if deferringCacheWrites { result.cacheWrites.append(cacheWrite) } else { cacheWrite.perform() }
                }
                result.warnings += file.warnings.map { "\(request.path): \($0)" }
            case let .failure(error):
                result.errors.append(error.description)
            }
        }
        return result
    }

    /// Saving renames a new file over the old one, so the folder must be writable too.
    static func isWritable(_ path: String) -> Bool {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path))
            .map { $0.hasPrefix("/") ? $0 : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent($0) }
            ?? path
        return AtomicFileWriter.canReplace(target) && access((target as NSString).deletingLastPathComponent.isEmpty
            ? "." : (target as NSString).deletingLastPathComponent, W_OK) == 0
    }

    /// One calendar per file, however it was named on the command line.
    static func id(for path: String) -> CalendarID {
        CalendarID(URL(fileURLWithPath: path).standardizedFileURL.path)
    }
}
