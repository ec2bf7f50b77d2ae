/// Japan's holidays, computed from the Act on National Holidays (国民の祝日に関する法律,
/// 1948-07-20) with every amendment since, and the special laws that made single days holidays.
///
/// Nothing is read from disk: a year is a few dozen integer steps. The result matches the
/// Cabinet Office's list (内閣府「国民の祝日について」, its CSV of holidays since 1955) from 1955
/// on, and the rules are the law's as they stand, so later years follow them too. 春分の日 and
/// 秋分の日 come from the standard formula, valid for 1900–2099: the law names only the equinox,
/// and their official dates are announced in the official gazette in February of the year
/// before, so a far-future equinox holiday is a forecast. Outside 1900–2099 there is none.
public enum JapaneseHolidays {
    /// The Act came into force on 1948-07-20; there are no holidays before it.
    public static let lawStart = day(1948, 7, 20)
    /// 振替休日 began with the amendment in force from 1973-04-12.
    public static let substituteStart = day(1973, 4, 12)
    /// 国民の休日 began with the amendment in force from 1985-12-27.
    public static let citizensStart = day(1985, 12, 27)
    /// From 2007 (the 2005 amendment) a Sunday holiday's substitute is the next day that is not
    /// itself a national holiday, and a day between two holidays may be any weekday.
    static let reformYear = 2007

    /// Every holiday of `year`, in date order, one per day.
    public static func holidays(in year: Int) -> [JapaneseHoliday] {
        guard year >= lawStart.year else { return [] }
        let national = nationalHolidays(in: year).filter { $0.day >= lawStart }
        let nationalDays = Set(national.map(\.day))
        var result = national
        var taken = nationalDays
        // 振替休日: a national holiday on a Sunday gives the next day (from 2007: the next day
        // that is not itself a national holiday).
        for holiday in national where holiday.day.weekday == 1 && holiday.day >= substituteStart {
            var next = holiday.day.adding(days: 1)
            if year >= reformYear {
                while nationalDays.contains(next) { next = next.adding(days: 1) }
            }
            if !taken.contains(next) {
                result.append(JapaneseHoliday(day: next, kind: .substituteHoliday))
                taken.insert(next)
            }
        }
        // 国民の休日: a day whose day before and day after are national holidays; until 2006 not
        // a Sunday (already a day off) nor a substitute holiday.
        for holiday in national {
            let between = holiday.day.adding(days: 1)
            guard between >= citizensStart, nationalDays.contains(between.adding(days: 1)),
                  !taken.contains(between), year >= reformYear || between.weekday != 1 else { continue }
            result.append(JapaneseHoliday(day: between, kind: .citizensHoliday))
            taken.insert(between)
        }
        return result.sorted { $0.day < $1.day }
    }

    /// The national holidays (国民の祝日) of `year` and the days special laws made holidays,
    /// before substitutes and days between.
    static func nationalHolidays(in year: Int) -> [JapaneseHoliday] {
        var list: [(Int, Int, JapaneseHoliday.Kind)] = [(1, 1, .newYearsDay)]
        // 成人の日: January 15; from 2000 the second Monday of January (Happy Monday).
        list.append((1, year >= 2000 ? nthMonday(2, year, 1) : 15, .comingOfAgeDay))
        // 建国記念の日 from 1967 (the 1966 amendment; the day set by cabinet order that December).
        if year >= 1967 { list.append((2, 11, .foundationDay)) }
        if year >= 2020 { list.append((2, 23, .emperorsBirthday)) }
        if let vernal = vernalEquinox(year) { list.append((3, vernal, .vernalEquinoxDay)) }
        // April 29: the Shōwa emperor's birthday, then みどりの日 (1989), then 昭和の日 (2007).
        list.append((4, 29, year <= 1988 ? .emperorsBirthday : year < reformYear ? .greeneryDay : .showaDay))
        list.append((5, 3, .constitutionDay))
        if year >= reformYear { list.append((5, 4, .greeneryDay)) }
        list.append((5, 5, .childrensDay))
        // 海の日 from 1996: July 20; from 2003 the third Monday of July; moved for the Olympics.
        switch year {
        case 1996...2002: list.append((7, 20, .marineDay))
        case 2020: list.append((7, 23, .marineDay))
        case 2021: list.append((7, 22, .marineDay))
        case 2003...: list.append((7, nthMonday(3, year, 7), .marineDay))
        default: break
        }
        // 山の日 from 2016: August 11; moved for the Olympics.
        switch year {
        case 2020: list.append((8, 10, .mountainDay))
        case 2021: list.append((8, 8, .mountainDay))
        case 2016...: list.append((8, 11, .mountainDay))
        default: break
        }
        // 敬老の日 from 1966: September 15; from 2003 the third Monday of September.
        if year >= 1966 { list.append((9, year >= 2003 ? nthMonday(3, year, 9) : 15, .respectForTheAgedDay)) }
        if let autumnal = autumnalEquinox(year) { list.append((9, autumnal, .autumnalEquinoxDay)) }
        // 体育の日 from 1966: October 10; from 2000 the second Monday of October; renamed
        // スポーツの日 in 2020, which was moved for the Olympics in 2020 and 2021.
        switch year {
        case 1966...1999: list.append((10, 10, .healthAndSportsDay))
        case 2000...2019: list.append((10, nthMonday(2, year, 10), .healthAndSportsDay))
        case 2020: list.append((7, 24, .sportsDay))
        case 2021: list.append((7, 23, .sportsDay))
        case 2022...: list.append((10, nthMonday(2, year, 10), .sportsDay))
        default: break
        }
        list.append((11, 3, .cultureDay))
        list.append((11, 23, .labourThanksgivingDay))
        if (1989...2018).contains(year) { list.append((12, 23, .emperorsBirthday)) }
        list += oneOffDays[year] ?? []
        return list.map { JapaneseHoliday(day: day(year, $0.0, $0.1), kind: $0.2) }
    }

    /// Days made holidays by a law of their own; 2019's two were deemed national holidays,
    /// so 2019-04-30 and 05-02 became 国民の休日 by the rule.
    static let oneOffDays: [Int: [(Int, Int, JapaneseHoliday.Kind)]] = [
        1959: [(4, 10, .crownPrinceAkihitoWedding)],
        1989: [(2, 24, .showaFuneral)],
        1990: [(11, 12, .enthronementCeremony)],
        1993: [(6, 9, .crownPrinceNaruhitoWedding)],
        2019: [(5, 1, .accessionDay), (10, 22, .enthronementCeremony)],
    ]

    /// The day of March of 春分の日 by the standard formula (1900–2099), nil outside it.
    public static func vernalEquinox(_ year: Int) -> Int? {
        equinox(year, early: 20.8357, late: 20.8431)
    }

    /// The day of September of 秋分の日 by the standard formula (1900–2099), nil outside it.
    public static func autumnalEquinox(_ year: Int) -> Int? {
        equinox(year, early: 23.2588, late: 23.2488)
    }

    /// int(base + 0.242194 × (Y − 1980) − int((Y − leap) / 4)), with the 1900–1979 base and
    /// leap reference (1983) or the 1980–2099 ones (1980). Swift's integer division truncates
    /// toward zero as the formula's int() does.
    private static func equinox(_ year: Int, early: Double, late: Double) -> Int? {
        switch year {
        case 1900...1979: Int(early + 0.242194 * Double(year - 1980) - Double((year - 1983) / 4))
        case 1980...2099: Int(late + 0.242194 * Double(year - 1980) - Double((year - 1980) / 4))
        default: nil
        }
    }

    /// The day of the month of its `n`th Monday.
    static func nthMonday(_ n: Int, _ year: Int, _ month: Int) -> Int {
        let firstWeekday = day(year, month, 1).weekday  // 1 = Sunday, 2 = Monday
        return 1 + (9 - firstWeekday) % 7 + 7 * (n - 1)
    }

    /// A day known to exist: every date this file names is a real one.
    static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay {
        CalendarDay(year: year, month: month, day: day)!
    }
}
