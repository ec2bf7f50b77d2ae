import CICal
import CalendarModel
import Foundation
import ICalendarText

/// One iCalendar file read through libical: one calendar and its plans.
///
/// Loading parses one VEVENT at a time into compact Swift values, freeing each libical tree
/// at once; single events are kept sorted by start (`FixedPlanIndex`), and repeating events
/// are expanded only for the interval asked (`plans(overlapping:)`), skipping series whose
/// occurrences cannot reach it. The file is never written. Built on any thread (its calendar
/// may be relabelled once, before it reaches a store, `relabel`); after that nothing in it
/// changes, so several threads may read it at once (`PlanSource`).
///
/// Decisions: several top-level VCALENDARs are merged; an override with STATUS:CANCELLED
/// is kept as a plan with `status == .cancelled` (the view decides how to show it); an
/// override with RANGE=THISANDFUTURE changes its occurrence and every later one.
public final class ICalendarFile: PlanSource {
    public private(set) var calendar: CalendarInfo
    /// The file this calendar was read from; nil for in-memory text.
    public let path: String?
    /// Events skipped or read with a compromise, each naming the event and why; a problem
    /// that many events share is said once with their count (`RepeatedWarnings`).
    public private(set) var warnings: [String]

    /// The colour the file names, if any (else the calendar has the load options' fallback).
    private let namedColor: String?
    private let zones: TimeZoneTable
    let expander: RecurrenceExpander
    /// Non-repeating events and overrides, already turned into plans.
    let fixedPlans: FixedPlanIndex
    let masters: [EventRecord]
    /// Per master: where its occurrences lie (`latest` nil: no end). Worked out while loading,
    /// on the loading thread, so the first month shown does not wait for it.
    let masterBounds: [(earliest: Date, latest: Date?)]
    /// Occurrence keys replaced by RECURRENCE-ID overrides, per UID.
    let replaced: [String: Set<String>]
    /// Reminders of single events and overrides, by plan; a series' are on its master.
    let fixedAlarms: [Plan.ID: EventAlarms]
    /// How far before a start (or after an end) any reminder of the file falls.
    let alarmReach: TimeInterval
    /// A first part's interval (`ICalendarLoadOptions.firstPart`); nil when the whole file is
    /// read. A first part holds every plan of the file in this interval and answers nothing
    /// outside it, as if the file were not read there yet; it has no reminders and no search
    /// entries (they wait for the whole file), and its calendar cannot be edited meanwhile.
    public let coverage: DateInterval?

    /// VEVENT masters + overrides read (skipped events not counted).
    public var eventCount: Int { fixedPlans.count + masters.count }

    /// Reads the file at `path`. Its name (without `.ics`) names the calendar when the file doesn't.
    /// A reopen of an unchanged file is read from `ReopenCache` when the options name a cache
    /// folder; the file stays the only source of truth (any doubt means a fresh parse). With a
    /// `parseDelegate` (CalendarVetting's `ParseGuard`), a version not parsed before is parsed
    /// by a child process under limits.
    public static func load(path: String, options: ICalendarLoadOptions) throws(ICalendarError) -> ICalendarFile {
        let (file, cacheWrite) = try loadLeavingCacheWrite(path: path, options: options)
        cacheWrite?.perform()
        return file
    }

    /// `load`, but a fresh parse is not yet stored in the reopen cache: the caller performs
    /// the returned write when nothing waits for it (the window, after showing the plans).
    public static func loadLeavingCacheWrite(path: String, options: ICalendarLoadOptions)
        throws(ICalendarError) -> (file: ICalendarFile, cacheWrite: ReopenCacheWrite?) {
        let cache = options.cacheFolder.map { ReopenCache(folder: $0, minimumSize: options.cacheMinimumSize) }
        let key = cache?.key(path: path, timeZone: options.timeZone)
        // Whatever happens below, whoever waits for a first part is let go.
        defer { options.firstPart?.finish() }
        if let cache, let key, let (parsed, zones) = cache.read(key: key, calendarID: options.id, userZone: options.timeZone) {
            return (ICalendarFile(parsed: parsed, zones: zones, sourceName: path, options: options, path: path), nil)
        }
        let parsed: ParsedCalendar
        let zones: TimeZoneTable
        let firstPart = options.firstPart.map { firstPart in
            { (parsed: ParsedCalendar, zones: TimeZoneTable) in
                firstPart.arrive(ICalendarFile(parsed: parsed, zones: zones, sourceName: path, options: options, path: path,
                                               coverage: firstPart.interval))
            }
        }
        if let delegate = options.parseDelegate, delegate.canDelegate(options.timeZone) {
            (parsed, zones) = try delegate.load(path: path, options: options, firstPart: firstPart)
        } else {
            let text = try ICalendarSource.readText(path: path)
            (parsed, zones) = try parse(text: text, sourceName: path, options: options, firstPart: firstPart)
        }
        let file = ICalendarFile(parsed: parsed, zones: zones, sourceName: path, options: options, path: path)
        return (file, cache.flatMap { cache in key.map { ReopenCacheWrite(cache: cache, key: $0, timeZone: options.timeZone, parsed: parsed) } })
    }

    /// `loadLeavingCacheWrite` of several files at once, each on its own thread; results in
    /// order. A file `prefetched` already read (or is reading) is taken from it instead.
    public static func loadLeavingCacheWrites(_ files: [(path: String, options: ICalendarLoadOptions)],
                                              prefetched: ICalendarPrefetch? = nil)
        -> [Result<(file: ICalendarFile, cacheWrite: ReopenCacheWrite?), ICalendarError>] {
        // The files of one call come from one caller, with one scheduler.
        guard let scheduler = files.first?.options.scheduler else { return [] }
        let loaded = ParallelChunks.each(count: files.count, scheduler: scheduler) { index in
            if let loaded = prefetched?.take(path: files[index].path, options: files[index].options) { return loaded }
            return Result { () throws(ICalendarError) in
                try loadLeavingCacheWrite(path: files[index].path, options: files[index].options)
            }
        }
        // What the reading threads freed (libical's trees, the chunks joined) stays in their
        // heaps; after a large file that is tens of megabytes the window would never use.
        if loaded.contains(where: { (try? $0.get())?.file.eventCount ?? 0 >= ParallelChunks.minimumItems }) {
            malloc_trim(0)
        }
        return loaded
    }

    /// Reads iCalendar text; `sourceName` stands in for the path in messages and names the
    /// calendar when the text doesn't.
    public convenience init(text: String, sourceName: String, options: ICalendarLoadOptions) throws(ICalendarError) {
        let (parsed, zones) = try Self.parse(text: text, sourceName: sourceName, options: options)
        self.init(parsed: parsed, zones: zones, sourceName: sourceName, options: options, path: nil)
    }

    /// Parses iCalendar text. With `firstPart` (and `options.firstPart`), a text large enough
    /// for it to be quicker is read in two passes over one check of the text: the events that
    /// may have a plan in the first part's interval, handed to `firstPart` (on this thread),
    /// then all of them, returned.
    package static func parse(text: String, sourceName: String, options: ICalendarLoadOptions,
                              firstPart: ((ParsedCalendar, TimeZoneTable) -> Void)? = nil)
        throws(ICalendarError) -> (ParsedCalendar, TimeZoneTable) {
        let fail = { (problem: String) in ICalendarError(path: sourceName, problem: problem) }
        if let problem = ICalendarSource.problem(withText: text) { throw fail(problem) }
        options.waitIfHeld(size: text.utf8.count)
        let fileName = (sourceName as NSString).lastPathComponent
        var early: (reach: EventReach, deliver: (ParsedCalendar, TimeZoneTable) -> Void)?
        if let firstPart, let interval = options.firstPart?.interval, text.utf8.count >= FirstPart.minimumSize {
            early = (EventReach(interval), firstPart)
        }
        var text = ICalendarSource.readingLoneCarriageReturns(text)
        var corrections: [String] = []
        let read = text.withUTF8 { bytes -> Result<(CalendarReader, TimeZoneTable)?, ICalendarError> in
            let findings = RawTextCheck.check(bytes)
            if let problem = findings.problem { return .failure(fail(problem)) }
            corrections = findings.warnings
            func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (CalendarReader, TimeZoneTable)? {
                let parts = CalendarParts(bytes)
                // One table for both passes: the whole file's plans take the first part's events
                // as they were read, and those point at its zones.
                let zones = TimeZoneTable(userZone: options.timeZone)
                func read(reaching: EventReach?, after firstPart: CalendarReader?) -> CalendarReader? {
                    ICalendarSource.parse(bytes, parts: parts, zones: zones, sourceName: fileName, calendarID: options.id,
                                          userCalendar: userCalendar(options), unreadable: findings.unreadableEvents,
                                          scheduler: options.scheduler, reaching: reaching, after: firstPart)
                }
                var firstPart: CalendarReader?
                if let early, let reader = read(reaching: early.reach, after: nil) {
                    var parsed = ParsedCalendar(reader: reader)
                    parsed.warnings = corrections + parsed.warnings
                    early.deliver(parsed, zones)
                    firstPart = reader
                }
                return read(reaching: nil, after: firstPart).map { ($0, zones) }
            }
            guard !findings.rewrites.isEmpty else { return .success(parse(bytes)) }
            // libical reads a copy with the rewrites made (no stray "Z", no overlong line).
            var copy: [UInt8] = []
            copy.reserveCapacity(bytes.count)
            var position = 0
            for rewrite in findings.rewrites where rewrite.range.lowerBound >= position {
                copy.append(contentsOf: bytes[position..<rewrite.range.lowerBound])
                copy.append(contentsOf: rewrite.replacement)
                position = rewrite.range.upperBound
            }
            copy.append(contentsOf: bytes[position...])
            return .success(copy.withUnsafeBufferPointer(parse))
        }
        guard let (reader, zones) = try read.get() else {
            throw fail("could not be parsed as iCalendar")
        }
        var parsed = ParsedCalendar(reader: reader)
        parsed.warnings = corrections + parsed.warnings
        return (parsed, zones)
    }

    private static func userCalendar(_ options: ICalendarLoadOptions) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = options.timeZone
        return calendar
    }

    private init(parsed: ParsedCalendar, zones: TimeZoneTable, sourceName: String, options: ICalendarLoadOptions,
                 path: String?, coverage: DateInterval? = nil) {
        let fileName = (sourceName as NSString).lastPathComponent
        let baseName = fileName.lowercased().hasSuffix(".ics") ? String(fileName.dropLast(4)) : fileName
        let name = parsed.name ?? baseName
        let isHoliday = [name, baseName].contains { $0.lowercased().contains("holiday") || $0.contains("祝日") }
            || parsed.kind?.lowercased() == "holidays"
        calendar = CalendarInfo(id: options.id, name: name, color: parsed.color ?? options.fallbackColor,
                                isHoliday: isHoliday, isReadOnly: options.isReadOnly || coverage != nil,
                                isLoading: coverage != nil)
        self.path = path
        self.coverage = coverage
        namedColor = parsed.color
        self.zones = zones
        expander = RecurrenceExpander(zones: zones, userCalendar: Self.userCalendar(options), calendarID: options.id)
        fixedPlans = FixedPlanIndex(parsed.fixed)
        masters = parsed.masters
        masterBounds = parsed.masters.map(expander.bounds(of:))
        replaced = parsed.replaced
        fixedAlarms = parsed.alarms
        alarmReach = (parsed.alarms.values.map(\.reach) + parsed.masters.compactMap { $0.alarms?.reach }).max() ?? 0
        warnings = RepeatedWarnings.collapsed(parsed.warnings)
    }

    /// Gives the calendar another fallback colour and read-only state (same file, same plans).
    func relabel(fallbackColor: String, isReadOnly: Bool) {
        calendar = CalendarInfo(id: calendar.id, name: calendar.name, color: namedColor ?? fallbackColor,
                                isHoliday: calendar.isHoliday, isReadOnly: isReadOnly || coverage != nil,
                                isLoading: coverage != nil)
    }

    /// Every plan overlapping `interval` (half-open; a zero-length plan counts at its instant).
    public func plans(overlapping interval: DateInterval) -> [Plan] {
        var interval = interval
        if let coverage {
            guard let inside = interval.intersection(with: coverage) else { return [] }
            interval = inside
        }
        var result = fixedPlans.plans(overlapping: interval)
        let allDays = AllDayWindow(interval, calendar: expander.userCalendar)
        for (master, bound) in zip(masters, masterBounds) {
            guard bound.earliest < interval.end, bound.latest.map({ $0 > interval.start }) ?? true else { continue }
            expander.appendPlans(of: master, overlapping: interval, replaced: replaced[master.uid] ?? [],
                                 allDays: allDays, to: &result)
        }
        return result
    }

    /// Every plan over all dates for search, each series once (see `ICalendarSearchEntries`).
    public func searchEntries(near date: Date) -> [SearchablePlan] {
        guard coverage == nil else { return [] }
        return ICalendarSearchEntries.entries(fixed: fixedPlans.allPlans, masters: masters, bounds: masterBounds,
                                       replaced: replaced, expander: expander, near: date)
    }
}
