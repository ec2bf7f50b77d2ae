/// The editor's repeat fields and the one rule type they stand for (`RecurrenceRule`).
extension PlanForm {
    /// The rule to write: `repeatRule` ending as `repeatEnd` says; nil for "Never".
    public var writtenRepeatRule: RecurrenceRule? {
        guard var rule = repeatRule?.withoutEnd else { return nil }
        switch repeatEnd {
        case .never: break
        case let .onDate(text): rule.until = Self.parseDate(text).map(RecurrenceRule.Until.init(day:))
        case let .afterCount(count): rule.count = max(1, count)
        }
        return rule
    }
}

extension PlanForm.RepeatEnd {
    /// How `rule` ends (an UNTIL that is a date; a time counts as no end).
    public init(_ rule: RecurrenceRule) {
        if let count = rule.count {
            self = .afterCount(count)
        } else if let day = rule.untilDay {
            self = .onDate(day.description)
        } else {
            self = .never
        }
    }
}
