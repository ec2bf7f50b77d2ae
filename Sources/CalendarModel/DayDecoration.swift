import Foundation

/// A colour for one dot in a day cell.
public struct DotColor: Hashable, Sendable {
    /// The colour to draw: the plan's own colour, else its calendar's.
    public var spec: String
    /// The calendar's colour, for when `spec` does not parse.
    public var fallback: String

    public init(spec: String, fallback: String) {
        self.spec = spec
        self.fallback = fallback
    }
}

/// What a day cell shows besides its number: up to three dots, a holiday label and "+N".
public struct DayDecoration: Equatable, Sendable {
    /// The most dots a cell shows; the rest become `overflow`.
    public static let maxDots = 3
    /// Used when a plan's calendar is unknown (GNOME's default blue), so a dot still shows.
    public static let defaultColor = CalendarPalette.first

    /// At most `maxDots`, in plan-list order, one per non-holiday plan.
    public var dots: [DotColor]
    /// The first holiday-like plan's title (the view ellipsizes it).
    public var label: String?
    /// The label's colour (the holiday plan's own, else its calendar's).
    public var labelColor: DotColor?
    /// Plans shown neither as a dot nor as the label ("+N").
    public var overflow: Int
    /// All plans that day, for "N plans" accessibility text.
    public var planCount: Int

    public init(dots: [DotColor] = [], label: String? = nil, labelColor: DotColor? = nil,
                overflow: Int = 0, planCount: Int = 0) {
        self.dots = dots
        self.label = label
        self.labelColor = labelColor
        self.overflow = overflow
        self.planCount = planCount
    }

    /// A day without plans.
    public static let none = DayDecoration()

    /// The same decoration with at most `count` dots, the others counted in "+N": a cell too
    /// narrow for all of them and the count beside them (a phone-sized window).
    public func keeping(dots count: Int) -> DayDecoration {
        let kept = max(0, count)
        guard dots.count > kept else { return self }
        var fitted = self
        fitted.overflow += dots.count - kept
        fitted.dots = Array(dots.prefix(kept))
        return fitted
    }

    /// Decide a day's decoration from its plans (already sorted as the list shows them).
    ///
    /// Holiday-like plans never become dots: the first gives the label, later ones count in
    /// `overflow`. Cancelled plans count like any other, because the list still shows them.
    public static func make(for plans: [Plan], calendars: [CalendarID: CalendarInfo]) -> DayDecoration {
        var result = DayDecoration(planCount: plans.count)
        for plan in plans {
            let info = calendars[plan.calendarID]
            if isHolidayLike(plan, calendar: info) {
                if result.label == nil {
                    result.label = plan.title
                    result.labelColor = dotColor(for: plan, calendar: info)
                } else {
                    result.overflow += 1
                }
            } else if result.dots.count < maxDots {
                result.dots.append(dotColor(for: plan, calendar: info))
            } else {
                result.overflow += 1
            }
        }
        return result
    }

    /// The same for a day's list rows, read in place: a busy day holds hundreds of plans at
    /// 100,000, and copying each plan out (a reference per text field), looking up its
    /// calendar and trimming its categories was most of a page's decoration time.
    static func make(for rows: [PlanOnDay], calendars: [CalendarID: CalendarInfo]) -> DayDecoration {
        var result = DayDecoration()
        result.planCount = rows.count
        // Plans of one calendar come in runs: whether it is a holiday calendar is looked up
        // once per run (its colour only for the few plans that become a dot or the label).
        var lastCalendar: (id: CalendarID, isHoliday: Bool)?
        for index in rows.indices {
            // With the label found and the dots full, every further plan is "+1" either way.
            if result.label != nil, result.dots.count == maxDots {
                result.overflow += rows.count - index
                break
            }
            let id = rows[index].plan.calendarID
            let calendarIsHoliday: Bool
            if let lastCalendar, lastCalendar.id == id {
                calendarIsHoliday = lastCalendar.isHoliday
            } else {
                calendarIsHoliday = calendars[id]?.isHoliday == true
                lastCalendar = (id, calendarIsHoliday)
            }
            if calendarIsHoliday || rows[index].plan.categories.contains(where: isHolidayCategory) {
                if result.label == nil {
                    result.label = rows[index].plan.title
                    result.labelColor = dotColor(planColor: rows[index].plan.color, calendar: calendars[id])
                } else {
                    result.overflow += 1
                }
            } else if result.dots.count < maxDots {
                result.dots.append(dotColor(planColor: rows[index].plan.color, calendar: calendars[id]))
            } else {
                result.overflow += 1
            }
        }
        return result
    }

    /// A plan is holiday-like when its calendar is a holiday calendar or it carries the
    /// category "holiday" (any case, surrounding spaces ignored).
    public static func isHolidayLike(_ plan: Plan, calendar: CalendarInfo?) -> Bool {
        if calendar?.isHoliday == true { return true }
        return plan.categories.contains(where: isHolidayCategory)
    }

    /// "holiday" in any case, surrounding spaces ignored. ASCII categories (nearly all) are
    /// compared byte by byte, without the two strings trimming and lowercasing make.
    static func isHolidayCategory(_ category: String) -> Bool {
        var bytes = category.utf8[...]
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return category.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "holiday"
        }
        // ASCII whitespace and newlines: tab, LF, VT, FF, CR and space.
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        // Lowercase ASCII letters only, as `lowercased()` does for ASCII.
        return bytes.elementsEqual("holiday".utf8) { byte, expected in
            ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == expected
        }
    }

    /// The plan's own colour, else its calendar's (also used for its row in the plan list).
    public static func dotColor(for plan: Plan, calendar: CalendarInfo?) -> DotColor {
        dotColor(planColor: plan.color, calendar: calendar)
    }

    /// The same for a plan whose own colour is `planColor` (nil: a plan with none), so a long
    /// list can work out each calendar's colour once.
    public static func dotColor(planColor: String?, calendar: CalendarInfo?) -> DotColor {
        let fallback = nonEmpty(calendar?.color) ?? defaultColor
        return DotColor(spec: nonEmpty(planColor) ?? fallback, fallback: fallback)
    }

    /// An empty or blank colour in a file means "none", not "draw nothing".
    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines),
              !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
