import CICal
import CalendarEditing
import CalendarModel
import Foundation
import ICalendarReading

/// The child side: `koyomi --vet-ics FILE [--cpu SECONDS] [--memory BYTES]`.
extension UntrustedCalendar {
    /// Entry point of the vetting child; `main.swift` calls it first thing when its first
    /// argument is `--vet-ics` (`arguments` are the ones after the program name). Sets the
    /// limits before touching the file, then checks each component alone with libical and
    /// prints a `VetReport` as JSON. Returns the exit status.
    public static func childMain(arguments: [String]) -> Int32 {
        guard arguments.count >= 2, arguments[0] == "--vet-ics" else {
            FileHandle.standardError.write(Data("usage: --vet-ics FILE [--cpu SECONDS] [--memory BYTES]\n".utf8))
            return 2
        }
        let path = arguments[1]
        let limits = Limits.standard.reading(arguments.dropFirst(2))
        installMemoryCrashHandlers()
        applyLimits(limits)

        let report = vet(path: path)
        guard let json = try? JSONEncoder().encode(report) else { return 1 }
        FileHandle.standardOutput.write(json)
        return 0
    }

    /// Checks the file: the whole text as the parent splits it, then each VTIMEZONE alone and
    /// each VEVENT in a one-event calendar with the zones it names, through `ICalendarFile`
    /// (the very parsing the window does), and each VTODO likewise through `ICalendarTasks`
    /// (what `koyomi tasks` reads). Other components (VJOURNAL, unknown ones) are imported as
    /// text that Koyomi never parses, so they are kept unparsed here too.
    static func vet(path: String) -> VetReport {
        var report = VetReport()
        let data: Data
        let document: CalendarDocument
        let utc = TimeZone(identifier: "UTC") ?? .gmt
        do {
            data = try ICalendarSource.readBytes(path: path, limit: Limits.standard.maxFileBytes)
            document = try split(data, path: path, timeZone: utc)
        } catch {
            report.error = error.problem
            return report
        }
        report.size = data.count
        report.hash = VetReport.fingerprint(data)
        let components = document.components
        report.componentCount = components.count
        // (Text without a VCALENDAR was refused by the split above.)
        var zones: [String: String] = [:]
        // The child checks one file and nothing else: its own scheduler, never closed.
        let scheduler = LoadScheduler()
        for (index, component) in components.enumerated() {
            let reason: String?
            switch component.kind {
            case "VTIMEZONE":
                reason = zoneProblem(component.text) ?? check(component.text, kind: "VTIMEZONE", name: path, scheduler: scheduler)
                if reason == nil, let tzid = component.tzid, zones[tzid] == nil { zones[tzid] = component.text }
            case "VEVENT":
                let used = CalendarDocument.tzids(component).compactMap { zones[$0] }.joined()
                reason = check(used + component.text, kind: "VEVENT", name: path,
                               scheduler: scheduler)
            case "VTODO":
                let used = CalendarDocument.tzids(component).compactMap { zones[$0] }.joined()
                reason = checkTask(used + component.text, name: path)
            default:
                reason = nil
            }
            if let reason {
                report.rejected.append(.init(index: index, reason: reason))
            } else {
                report.accepted.append(index)
            }
        }
        return report
    }

    /// Why libical cannot read this one component cleanly, in words and without naming it (the
    /// parent names it, and the line of the file it is on: a line here would be this check's
    /// own text's); nil when it can.
    private static func check(_ componentText: String, kind: String, name: String,
                              scheduler: LoadScheduler) -> String? {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi//vet//EN\r\n" + componentText + "END:VCALENDAR\r\n"
        var options = ICalendarLoadOptions(id: CalendarID("vet"), fallbackColor: "#000000",
                                           timeZone: TimeZone(identifier: "UTC") ?? .gmt, scheduler: scheduler)
        options.cacheFolder = nil
        do {
            let file = try ICalendarFile(text: text, sourceName: (name as NSString).lastPathComponent, options: options)
            if kind == "VEVENT", file.eventCount == 0 {
                return file.warnings.first.map(EventWarning.reason(of:)) ?? "libical could not read it"
            }
            return nil
        } catch {
            return error.problem
        }
    }

    /// Why one VTODO cannot be read as a task, in words; nil when it can.
    private static func checkTask(_ componentText: String, name: String) -> String? {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi//vet//EN\r\n" + componentText + "END:VCALENDAR\r\n"
        do {
            let read = try ICalendarTasks(text: text, sourceName: (name as NSString).lastPathComponent,
                                          calendarID: CalendarID("vet"), timeZone: TimeZone(identifier: "UTC") ?? .gmt)
            return read.tasks.isEmpty ? "libical could not read it" : nil
        } catch {
            return error.problem
        }
    }

    /// libical reads a broken VTIMEZONE without complaint and then converts times wrongly:
    /// one it marks with X-LIC-ERROR, or one without any STANDARD/DAYLIGHT part, is refused.
    private static func zoneProblem(_ text: String) -> String? {
        guard let zone = text.withCString({ icalcomponent_new_from_string($0) }) else { return "libical could not read it" }
        defer { icalcomponent_free(zone) }
        guard icalcomponent_isa(zone) == ICAL_VTIMEZONE_COMPONENT else { return "libical could not read it" }
        if icalcomponent_count_errors(zone) > 0 { return "libical cannot read some of its values" }
        if icalcomponent_get_first_component(zone, ICAL_XSTANDARD_COMPONENT) == nil,
           icalcomponent_get_first_component(zone, ICAL_XDAYLIGHT_COMPONENT) == nil {
            return "it has no STANDARD or DAYLIGHT part"
        }
        return nil
    }

    static func applyLimits(_ limits: Limits) {
        // Soft CPU limit sends SIGXCPU; the hard one, a little later, SIGKILL.
        var cpu = rlimit(rlim_cur: rlim_t(limits.cpuSeconds), rlim_max: rlim_t(limits.cpuSeconds + 2))
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
        var memory = rlimit(rlim_cur: rlim_t(limits.memoryBytes), rlim_max: rlim_t(limits.memoryBytes))
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
    }

    /// Under RLIMIT_AS a failed allocation ends in a crash signal (Swift traps, libical may
    /// abort or fault on a NULL it did not expect); the errno left by the failed `mmap`/`brk`
    /// tells it apart from a parser bug, and the exit status says so to the parent. The
    /// handler runs on a stack set aside before the limit, since none can be had after.
    static func installMemoryCrashHandlers() {
        let size = 64 * 1024
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        sigaltstack(&stack, nil)
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                if errno == ENOMEM { _exit(UntrustedCalendar.outOfMemoryStatus) }
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            action.sa_flags = SA_ONSTACK
            sigaction(signal, &action, nil)
        }
    }
}
