import CalendarModel
import FileSafety
import Foundation
import ICalendarReading

/// The child side: `koyomi --parse-ics FILE --zone ZONE [--cpu SECONDS] [--memory BYTES]`.
extension ParseGuard {
    /// Entry point of the parsing child; `main.swift` calls it first thing when its first
    /// argument is `--parse-ics` (`arguments` are the ones after the program name). Sets the
    /// limits, parses the file exactly as the window would and prints the reopen cache's
    /// image of the parse. With `--first START END` (seconds since 1970) a large file's events
    /// of that interval are parsed and written first, framed (`FirstPartFrame`). Returns the exit status: 0 with the image, `refusedStatus` with the
    /// sentence saying why the file cannot be read, `notCarriedStatus` with the key read when
    /// the parse holds what the image cannot carry.
    public static func childMain(arguments: [String]) -> Int32 {
        guard arguments.count >= 4, arguments[0] == "--parse-ics", arguments[2] == "--zone",
              let zone = TimeZone(identifier: arguments[3]) else {
            FileHandle.standardError.write(Data("usage: --parse-ics FILE --zone ZONE [--cpu SECONDS] [--memory BYTES]\n".utf8))
            return 2
        }
        let path = arguments[1]
        let (first, rest) = FirstPartFrame.interval(in: arguments.dropFirst(4))
        let limits = limits(forSize: AtomicFileWriter.maxFileBytes).reading(rest)
        UntrustedCalendar.installMemoryCrashHandlers()
        UntrustedCalendar.applyLimits(limits)

        // The child reads one file and nothing else: its own scheduler, never closed.
        var options = ICalendarLoadOptions(id: CalendarID(path), fallbackColor: "#000000", timeZone: zone,
                                           scheduler: LoadScheduler())
        options.cacheFolder = nil
        options.firstPart = first.map(FirstPart.init)
        let parsed: ParsedCalendar
        let zones: TimeZoneTable
        do {
            let text = try ICalendarSource.readText(path: path)
            (parsed, zones) = try ICalendarFile.parse(text: text, sourceName: path, options: options) { parsed, _ in
                // The zones live until the image is written: this call returns after it.
                guard let read = ReopenCache.currentKey(path: path, timeZone: zone),
                      let (header, payload) = ReopenCache.encode(parsed, key: read) else { return }
                FileHandle.standardOutput.write(Data(FirstPartFrame.frame(header + payload)))
            }
        } catch {
            return refuse(error.problem)
        }
        // The parse's zones point into the table: it lives until the image is written.
        defer { withExtendedLifetime(zones) {} }
        // Changed while read: the image says so by the later key, and the parent reads again.
        guard let read = ReopenCache.currentKey(path: path, timeZone: zone) else { return refuse("cannot be read") }
        guard let (header, payload) = ReopenCache.encode(parsed, key: read) else {
            var out = CacheWriter()
            ReopenCache.writeKey(read, to: &out)
            FileHandle.standardOutput.write(Data(out.bytes))
            return notCarriedStatus
        }
        FileHandle.standardOutput.write(Data(header))
        FileHandle.standardOutput.write(Data(payload))
        return 0
    }

    private static func refuse(_ problem: String) -> Int32 {
        FileHandle.standardOutput.write(Data(problem.utf8))
        return refusedStatus
    }
}
