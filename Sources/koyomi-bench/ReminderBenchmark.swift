import CalendarModel
import Foundation
import ICalendarReading

/// Issue 17's figure: with 100,000 plans of which about 10,000 have a reminder, how long
/// working out the next week's reminders takes (the query the app runs at start, off the
/// main thread), beside reading the file. In this process, medians of `runs`.
struct ReminderBenchmark {
    struct Row: Codable {
        var plans: Int
        var alarmed: Int
        var loadMs: Double
        var weekMs: Double
        var weekMaxMs: Double
        var found: Int
        /// The app's own query (`ReminderSchedule.range`: a week back for missed ones, a week ahead).
        var scheduleRangeMs: Double
        /// One plan changed: the changed calendar's reminders replace its old ones in the
        /// schedule and the next one due is found (the main thread's part; the query above
        /// runs off it first).
        var changeMs: Double
        var changeMaxMs: Double
    }

    func run(count: Int, runs: Int, folder: URL) throws -> Row {
        let url = folder.appendingPathComponent("reminders-\(count).ics")
        var generator = PlanGenerator()
        generator.alarmsPerHundred = 10
        try generator.writeSingle(count: count, to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        let alarmed = text.components(separatedBy: "BEGIN:VALARM").count - 1
        let zone = TimeZone(identifier: "UTC") ?? .current
        let options = ICalendarLoadOptions(id: CalendarID("bench"), fallbackColor: "#777777", timeZone: zone,
                                           scheduler: LoadScheduler())
        var loads: [Double] = []
        var weeks: [Double] = []
        var found = 0
        var ranges: [Double] = []
        var changes: [Double] = []
        let calendarID = CalendarID("bench")
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = zone
        for _ in 0..<max(1, runs) {
            let (file, loadMs) = try Clock.measure { try ICalendarFile.load(path: url.path, options: options) }
            loads.append(loadMs)
            // Monday 2026-06-15 09:00 UTC, the week the app benchmark opens on.
            let week = DateInterval(start: Date(timeIntervalSince1970: 1_781_514_000), duration: 7 * 86_400)
            let (reminders, ms) = Clock.measure { file.reminders(in: week) }
            weeks.append(ms)
            found = reminders.count
            let now = week.start
            let (around, rangeMs) = Clock.measure { file.reminders(in: ReminderSchedule.range(around: now)) }
            ranges.append(rangeMs)
            var schedule = ReminderSchedule()
            schedule.replace(around, of: calendarID)
            var changed = around
            if !changed.isEmpty { changed[changed.count / 2].plan.title += " (moved)" }
            let (_, changeMs) = Clock.measure { () -> Date? in
                schedule.replace(changed, of: calendarID)
                _ = schedule.due(at: now, calendar: utc)
                return schedule.nextDue(after: now)
            }
            changes.append(changeMs)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return Row(plans: count, alarmed: alarmed, loadMs: median(loads), weekMs: median(weeks),
                   weekMaxMs: weeks.max() ?? 0, found: found, scheduleRangeMs: median(ranges),
                   changeMs: median(changes), changeMaxMs: changes.max() ?? 0)
    }

    static func render(_ row: Row) -> String {
        let verdict = row.weekMs <= 20 ? "OK" : "MISSED"
        let change = row.changeMs <= 1 ? "OK" : "MISSED"
        return String(format: "plans %d (%d with a reminder): reading %.0f ms; the next week's reminders %.2f ms "
                      + "(max %.2f ms, %d found) — goal ≤ 20 ms: %@\n"
                      + "the app's schedule (a week back, a week ahead) %.2f ms off the main thread; one plan changed: "
                      + "the schedule updated on the main thread in %.3f ms (max %.3f ms) — goal ≤ 1 ms: %@",
                      row.plans, row.alarmed, row.loadMs, row.weekMs, row.weekMaxMs, row.found, verdict as NSString,
                      row.scheduleRangeMs, row.changeMs, row.changeMaxMs, change as NSString)
    }
}
