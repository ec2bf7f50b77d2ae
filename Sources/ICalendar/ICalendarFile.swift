import CICal
import CalendarModel
import Foundation

/// One iCalendar file read through libical: one calendar and its plans.
///
/// Loading parses one VEVENT at a time into compact Swift values, freeing each libical tree
/// at once; single events are kept sorted by start (`FixedPlanIndex`), and repeating events
/// are expanded only for the interval asked (`plans(overlapping:)`), skipping series whose
/// occurrences cannot reach it. The file is never written. Built on any thread, then used
/// from one thread at a time.
///
/// Decisions: several top-level VCALENDARs are merged; an override with STATUS:CANCELLED
/// is kept as a plan with `status == .cancelled` (the view decides how to show it); an
/// override replaces only its own occurrence (RANGE=THISANDFUTURE is not applied).
public final class ICalendarFile: PlanSource {
    public let calendar: CalendarInfo
    /// The file this calendar was read from; nil for in-memory text.
    public let path: String?
    /// Events skipped or read with a compromise, each naming the event and why.
    public private(set) var warnings: [String]

    private let zones: TimeZoneTable
    private let expander: RecurrenceExpander
    /// Non-repeating events and overrides, already turned into plans.
    private let fixedPlans: FixedPlanIndex
    private let masters: [EventRecord]
    /// Per master: where its occurrences lie (`latest` nil: no end); filled on first query.
    private var masterBounds: [(earliest: Date, latest: Date?)]?
    /// Occurrence keys replaced by RECURRENCE-ID overrides, per UID.
    private let replaced: [String: Set<String>]

    /// VEVENT masters + overrides read (skipped events not counted).
    public var eventCount: Int { fixedPlans.count + masters.count }

    /// Reads the file at `path`. Its name (without `.ics`) names the calendar when the file doesn't.
    public static func load(path: String, options: ICalendarLoadOptions) throws(ICalendarError) -> ICalendarFile {
        let text = try ICalendarSource.readText(path: path)
        return try ICalendarFile(text: text, sourceName: path, options: options, path: path)
    }

    /// Reads iCalendar text; `sourceName` stands in for the path in messages and names the
    /// calendar when the text doesn't.
    public convenience init(text: String, sourceName: String, options: ICalendarLoadOptions) throws(ICalendarError) {
        try self.init(text: text, sourceName: sourceName, options: options, path: nil)
    }

    private init(text: String, sourceName: String, options: ICalendarLoadOptions, path: String?) throws(ICalendarError) {
        let fail = { (problem: String) in ICalendarError(path: sourceName, problem: problem) }
        if let problem = ICalendarSource.problem(withText: text) { throw fail(problem) }
        let zones = TimeZoneTable(userZone: options.timeZone)
        let fileName = (sourceName as NSString).lastPathComponent
        var text = text
        let read = text.withUTF8 { bytes -> Result<CalendarReader?, ICalendarError> in
            if let problem = RawTextCheck.problem(inBytes: bytes) { return .failure(fail(problem)) }
            return .success(ICalendarSource.parse(bytes, zones: zones, sourceName: fileName))
        }
        guard let reader = try read.get() else {
            throw fail("could not be parsed as iCalendar")
        }
        let baseName = fileName.lowercased().hasSuffix(".ics") ? String(fileName.dropLast(4)) : fileName
        let name = reader.name ?? baseName
        let isHoliday = [name, baseName].contains { $0.lowercased().contains("holiday") || $0.contains("祝日") }
            || reader.kind?.lowercased() == "holidays"
        calendar = CalendarInfo(id: options.id, name: name, color: reader.color ?? options.fallbackColor,
                                isHoliday: isHoliday, isReadOnly: options.isReadOnly)
        self.path = path
        self.zones = zones
        var userCalendar = Calendar(identifier: .gregorian)
        userCalendar.timeZone = options.timeZone
        expander = RecurrenceExpander(zones: zones, userCalendar: userCalendar, calendarID: options.id)

        var fixed: [(Plan, DateInterval)] = []
        var masters: [EventRecord] = []
        var replaced: [String: Set<String>] = [:]
        for event in reader.events {
            if let recurrenceID = event.recurrenceID {
                let key = recurrenceID.occurrenceKey(zones: zones)
                replaced[event.uid, default: []].insert(key)
                let plan = event.plan(calendarID: options.id, occurrence: key, start: event.start, zones: zones)
                fixed.append((plan, plan.interval(in: userCalendar)))
            } else if event.repeats {
                masters.append(event)
            } else {
                let plan = event.plan(calendarID: options.id, occurrence: nil, start: event.start, zones: zones)
                fixed.append((plan, plan.interval(in: userCalendar)))
            }
        }
        fixedPlans = FixedPlanIndex(fixed)
        self.masters = masters
        self.replaced = replaced
        warnings = reader.warnings
    }

    /// Every plan overlapping `interval` (half-open; a zero-length plan counts at its instant).
    public func plans(overlapping interval: DateInterval) -> [Plan] {
        var result = fixedPlans.plans(overlapping: interval)
        let bounds = masterBounds ?? masters.map(expander.bounds(of:))
        masterBounds = bounds
        for (master, bound) in zip(masters, bounds) {
            guard bound.earliest < interval.end, bound.latest.map({ $0 > interval.start }) ?? true else { continue }
            result += expander.plans(of: master, overlapping: interval, replaced: replaced[master.uid] ?? [])
        }
        return result
    }

    /// Every plan over all dates for search, each series once (see `ICalendarSearchEntries`).
    public func searchEntries(near date: Date) -> [SearchablePlan] {
        ICalendarSearchEntries.entries(fixed: fixedPlans.allPlans, masters: masters, replaced: replaced,
                                       expander: expander, near: date)
    }
}
