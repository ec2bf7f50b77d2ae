import Foundation

/// One reminder coming due: the plan (one occurrence of a series) and when to remind.
public struct Reminder: Hashable, Sendable {
    public var plan: Plan
    public var due: Date
    /// A reminder another client snoozed until `due` (Thunderbird's X-MOZ-SNOOZE-TIME).
    public var isSnoozed: Bool

    public init(plan: Plan, due: Date, isSnoozed: Bool = false) {
        self.plan = plan
        self.due = due
        self.isSnoozed = isSnoozed
    }

    /// By due time, then by the plan's start and title, so lists read the same every time.
    public static func ordered(_ a: Reminder, _ b: Reminder) -> Bool {
        if a.due != b.due { return a.due < b.due }
        if a.plan.title != b.plan.title { return a.plan.title < b.plan.title }
        return a.plan.id.description < b.plan.id.description
    }
}
