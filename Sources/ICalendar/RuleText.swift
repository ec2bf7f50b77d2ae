import CICal

/// RRULE text in and out of libical's struct.
enum RuleText {
    static func text(of rule: inout icalrecurrencetype) -> String? {
        LibicalText.take(icalrecurrencetype_as_string_r(&rule))
    }

    static func rule(from text: String) -> icalrecurrencetype? {
        let rule = icalrecurrencetype_from_string(text)
        return rule.freq == ICAL_NO_RECURRENCE ? nil : rule
    }
}
