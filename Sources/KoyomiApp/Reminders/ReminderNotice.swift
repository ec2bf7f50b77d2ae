import CalendarModel
import Foundation
import GtkKit

/// The notification for reminders shown together, in the user's words, and the target its
/// buttons carry back (which notification, which reminders) — in whichever Koyomi process
/// receives the click, even one started after this one quit.
struct ReminderNotice: Codable, Equatable {
    var id: String
    var keys: [ReminderSchedule.Key]

    init(_ reminders: [Reminder]) {
        keys = reminders.map(ReminderSchedule.Key.init)
        let first = keys.first
        id = "reminder:" + (first.map { "\($0.calendar)|\($0.plan)|\(Int($0.due.timeIntervalSince1970))" } ?? "")
    }

    /// The action's string target.
    var target: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
    }

    init?(target: String) {
        guard let notice = try? JSONDecoder().decode(Self.self, from: Data(target.utf8)) else { return nil }
        self = notice
    }

    static let dismissAction = "reminder-dismiss"
    static let snoozeAction = "reminder-snooze"
    static let openAction = "reminder-open"

    /// One reminder: its plan's title, then when (and where) it is. Several: how many, then
    /// one line for each.
    static func notification(for reminders: [Reminder], notice: ReminderNotice,
                             formatter: CalendarFormatter) -> DesktopNotification {
        func when(_ plan: Plan) -> String {
            let day = plan.days(in: formatter.calendar).lowerBound
            return formatter.agendaHeader(day) + L(", ") + formatter.rangeText(for: plan)
        }
        let title: String
        let body: String
        // A plan with several reminders due at once (alarms before and at the start) is said once.
        var seen = Set<String>()
        let plans = reminders.map(\.plan).filter { seen.insert($0.calendarID.rawValue + "\u{0}" + $0.id.description).inserted }
        if plans.count == 1, let plan = plans.first {
            title = Self.title(plan)
            body = ([when(plan)] + [plan.location].compactMap { $0?.isEmpty == false ? $0 : nil }).joined(separator: "\n")
        } else {
            // TRANSLATORS: the title of one notification listing several reminders at once.
            title = FormatterStrings.fill(L("%@ reminder", "%@ reminders", count: plans.count), String(plans.count))
            body = plans.map { Self.title($0) + " — " + when($0) }.joined(separator: "\n")
        }
        let target = notice.target
        return DesktopNotification(
            title: title, body: body,
            // TRANSLATORS: a button on a reminder's notification: remind again a few minutes later.
            buttons: [DesktopNotification.Button(label: L("Snooze"), action: "app." + snoozeAction, target: target),
                      // TRANSLATORS: a button on a reminder's notification: done with it.
                      DesktopNotification.Button(label: L("Dismiss"), action: "app." + dismissAction, target: target)],
            clickAction: "app." + openAction, clickTarget: target, isImportant: true)
    }

    private static func title(_ plan: Plan) -> String {
        // TRANSLATORS: a reminder's title when its plan has none.
        plan.title.isEmpty ? L("Untitled plan") : plan.title
    }
}
