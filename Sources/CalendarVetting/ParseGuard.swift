import CalendarModel
import FileSafety
import Foundation
import ICalendarReading

/// Keeps libical's worst inputs out of Koyomi's own process for the user's calendars too.
///
/// Imports always go through a child (`UntrustedCalendar`). The user's own files and files
/// named on the command line are read at every start, so a child for each would cost every
/// start: instead a version of a file that Koyomi has not parsed before (`ParseTrust`) is
/// parsed by `koyomi --parse-ics` under CPU-time, memory and wall-clock limits, and the child
/// hands back the finished parse in the reopen cache's format. Once a version has passed, it is
/// trusted and parsed in-process as before, so an unchanged calendar starts as fast as ever.
/// A file that spins or swells the parser only gets a message naming it; the other calendars
/// are read meanwhile on their own threads.
public struct ParseGuard: ParseDelegate {
    /// A program whose `main` hands `--parse-ics` to `ParseGuard.childMain` (Koyomi itself).
    public var childExecutable: String
    /// Versions that need no child; nil: every parse goes through one.
    public var trust: ParseTrust?
    /// Fixed limits for every file (tests); nil: `limits(forSize:)`.
    public var limits: UntrustedCalendar.Limits?

    public init(childExecutable: String, trust: ParseTrust?, limits: UntrustedCalendar.Limits? = nil) {
        self.childExecutable = childExecutable
        self.trust = trust
        self.limits = limits
    }

    /// The user's own calendars may be large (100,000 plans, 27 MB, parse in about a second):
    /// 10 s of CPU plus 1 s per MiB, 2 GiB of address space plus 32 bytes per byte of file,
    /// and three times the CPU time on the wall clock (a busy machine, a slow disk).
    static func limits(forSize size: Int) -> UntrustedCalendar.Limits {
        let cpu = 10 + size / (1 << 20)
        return UntrustedCalendar.Limits(cpuSeconds: cpu, memoryBytes: (2 << 30) + 32 * size,
                                        wallClockSeconds: Double(3 * cpu), maxFileBytes: AtomicFileWriter.maxFileBytes)
    }

    /// Whether the file at `path`, as it is now, must be parsed by the child (read with
    /// floating times in `timeZone`): a caller on the main thread reads it in the background.
    public func isNeeded(for path: String, timeZone: TimeZone) -> Bool {
        canDelegate(timeZone) && trust?.trustedIdentity(path: path) == nil
    }

    /// The child is told the zone by name; a zone Foundation cannot name again is parsed here.
    package func canDelegate(_ timeZone: TimeZone) -> Bool {
        TimeZone(identifier: timeZone.identifier) != nil
    }

    /// The parse of the file at `path`: here when the version read is one that is trusted (the
    /// text is read and its identity compared through one open file, so a file replaced after
    /// the check is never parsed here unchecked), else by the child, which then trusts it.
    /// - Throws: `ICalendarError` naming the file: what the file itself is refused for (the
    ///   same sentences as an in-process read), "took too long to read", "needs too much
    ///   memory", "made the iCalendar parser crash (signal N)".
    /// With `options.firstPart` a large file's first part is handed to `firstPart` first (by
    /// the child too: it writes it out before parsing the rest).
    package func load(path: String, options: ICalendarLoadOptions,
                      firstPart: ((ParsedCalendar, TimeZoneTable) -> Void)?) throws(ICalendarError) -> (ParsedCalendar, TimeZoneTable) {
        // A file rewritten meanwhile is tried again, once.
        for _ in 0..<2 {
            if let trusted = trust?.trustedIdentity(path: path),
               let parsed = try parseHere(path: path, ifStill: trusted, options: options, firstPart: firstPart) {
                return parsed
            }
            switch try parseInChild(path: path, options: options, firstPart: firstPart) {
            case let .parsed(parsed, zones)?:
                return (parsed, zones)
            case let .vouched(identity)?:
                if let parsed = try parseHere(path: path, ifStill: identity, options: options, firstPart: firstPart) {
                    return parsed
                }
            case nil:
                continue
            }
        }
        throw ICalendarError(path: path, problem: "changed while it was being read; it is read again when it changes next")
    }

    /// The in-process parse, when the version read is still `identity`; nil when it is not.
    private func parseHere(path: String, ifStill identity: FileIdentity, options: ICalendarLoadOptions,
                           firstPart: ((ParsedCalendar, TimeZoneTable) -> Void)?) throws(ICalendarError) -> (ParsedCalendar, TimeZoneTable)? {
        let (text, read) = try ICalendarSource.readVersion(path: path)
        guard read == identity else { return nil }
        return try ICalendarFile.parse(text: text, sourceName: path, options: options, firstPart: firstPart)
    }

    /// What the child made of a file.
    enum Outcome {
        /// Its parse, handed back.
        case parsed(ParsedCalendar, TimeZoneTable)
        /// It parsed within the limits but holds what the cache format does not carry
        /// (overrides, RDATE periods): this version is trusted now, to be parsed here.
        case vouched(FileIdentity)
    }

    /// The child's parse of the file at `path`, trusting that version; nil when the file
    /// changed while the child read it.
    private func parseInChild(path: String, options: ICalendarLoadOptions,
                              firstPart: ((ParsedCalendar, TimeZoneTable) -> Void)?) throws(ICalendarError) -> Outcome? {
        let fail = { (problem: String) in ICalendarError(path: path, problem: problem) }
        guard let key = ReopenCache.currentKey(path: path, timeZone: options.timeZone) else {
            // Missing, unreadable, not a file: the in-process reader says which in words.
            _ = try ICalendarSource.readBytes(path: path, limit: AtomicFileWriter.maxFileBytes)
            throw fail("cannot be read")
        }
        let limits = limits ?? Self.limits(forSize: Int(key.identity.size))
        var arguments = ["--parse-ics", path, "--zone", options.timeZone.identifier]
        var watch: ((Data) -> Bool)?
        if let firstPart, let interval = options.firstPart?.interval {
            arguments += FirstPartFrame.arguments(interval)
            // The child writes the first part out before it reads the rest: shown meanwhile.
            watch = { output in
                guard let image = FirstPartFrame.image(atStartOf: output) else { return false }
                if let (stored, parsed, zones) = ReopenCache.decode(image, calendarID: options.id, userZone: options.timeZone),
                   stored == key {
                    firstPart(parsed, zones)
                }
                return true
            }
        }
        options.waitIfHeld(size: Int(key.identity.size))
        var outcome = try UntrustedCalendar.runChild(childExecutable, arguments, limits: limits, for: path, watching: watch)
        outcome.stdout = FirstPartFrame.rest(of: outcome.stdout)
        switch outcome.termination {
        case .exited(Self.refusedStatus):
            throw fail(String(decoding: outcome.stdout, as: UTF8.self))
        case .exited(Self.notCarriedStatus):
            guard Self.key(in: outcome.stdout) == key else { return nil }
            trust?.trust(key)
            return .vouched(key.identity)
        default:
            if let problem = UntrustedCalendar.problem(of: outcome, limits: limits) { throw fail(problem) }
        }
        guard let (stored, parsed, zones) = ReopenCache.decode(outcome.stdout, calendarID: options.id,
                                                               userZone: options.timeZone) else {
            throw fail("could not be checked (the checking process gave no usable answer)")
        }
        guard stored == key else { return nil }
        trust?.trust(key)
        return .parsed(parsed, zones)
    }

    /// The child's exit status when the file itself was refused (its sentence on stdout).
    static let refusedStatus: Int32 = 4
    /// The child's exit status for `Outcome.vouched` (the key it read on stdout).
    static let notCarriedStatus: Int32 = 5

    static func key(in data: Data) -> ReopenCache.Key? {
        data.withUnsafeBytes { raw in
            var reader = CacheReader(raw)
            guard let key = ReopenCache.readKey(&reader), reader.isAtEnd else { return nil }
            return key
        }
    }
}
