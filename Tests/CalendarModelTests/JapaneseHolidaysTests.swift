import CalendarModel
import XCTest

/// Japan's holidays against the Cabinet Office's list (内閣府「国民の祝日について」 and its CSV
/// of holidays since 1955, syukujitsu.csv, where 振替休日 and 国民の休日 both read 休日; here they
/// are told apart by the rule that made them). The vectors were written from that list and the
/// Act on National Holidays with its amendments, one year for each change of rule, and checked
/// against each other below: the count of each year, the weekdays of the Monday holidays and
/// of every substitute's Sunday.
final class JapaneseHolidaysTests: XCTestCase {
    /// One year per rule change, as "date name", in date order.
    static let vectors: [Int: String] = [
        // The Act came into force on 1948-07-20: only the autumn's holidays.
        1948: "09-23 秋分の日, 11-03 文化の日, 11-23 勤労感謝の日",
        // The first year of the Cabinet Office's CSV: the 1948 list alone.
        1955: "01-01 元日, 01-15 成人の日, 03-21 春分の日, 04-29 天皇誕生日, 05-03 憲法記念日, 05-05 こどもの日, "
            + "09-24 秋分の日, 11-03 文化の日, 11-23 勤労感謝の日",
        1959: "01-01 元日, 01-15 成人の日, 03-21 春分の日, 04-10 皇太子明仁親王の結婚の儀, 04-29 天皇誕生日, "
            + "05-03 憲法記念日, 05-05 こどもの日, 09-24 秋分の日, 11-03 文化の日, 11-23 勤労感謝の日",
        // 敬老の日 and 体育の日 from 1966, 建国記念の日 from 1967.
        1966: "01-01 元日, 01-15 成人の日, 03-21 春分の日, 04-29 天皇誕生日, 05-03 憲法記念日, 05-05 こどもの日, "
            + "09-15 敬老の日, 09-23 秋分の日, 10-10 体育の日, 11-03 文化の日, 11-23 勤労感謝の日",
        // 振替休日 from 1973-04-12: none for Sunday 02-11, the first on 04-30.
        1973: "01-01 元日, 01-15 成人の日, 02-11 建国記念の日, 03-21 春分の日, 04-29 天皇誕生日, 04-30 振替休日, "
            + "05-03 憲法記念日, 05-05 こどもの日, 09-15 敬老の日, 09-23 秋分の日, 09-24 振替休日, 10-10 体育の日, "
            + "11-03 文化の日, 11-23 勤労感謝の日",
        // 国民の休日 from 1985-12-27: none in 1985 (05-04 was a Saturday before the rule).
        1985: "01-01 元日, 01-15 成人の日, 02-11 建国記念の日, 03-21 春分の日, 04-29 天皇誕生日, 05-03 憲法記念日, "
            + "05-05 こどもの日, 05-06 振替休日, 09-15 敬老の日, 09-16 振替休日, 09-23 秋分の日, 10-10 体育の日, "
            + "11-03 文化の日, 11-04 振替休日, 11-23 勤労感謝の日",
        // The 1986 05-04 was a Sunday and the 1987 one a 振替休日: no 国民の休日 in either.
        1987: "01-01 元日, 01-15 成人の日, 02-11 建国記念の日, 03-21 春分の日, 04-29 天皇誕生日, 05-03 憲法記念日, "
            + "05-04 振替休日, 05-05 こどもの日, 09-15 敬老の日, 09-23 秋分の日, 10-10 体育の日, 11-03 文化の日, "
            + "11-23 勤労感謝の日",
        1988: "01-01 元日, 01-15 成人の日, 02-11 建国記念の日, 03-20 春分の日, 03-21 振替休日, 04-29 天皇誕生日, "
            + "05-03 憲法記念日, 05-04 国民の休日, 05-05 こどもの日, 09-15 敬老の日, 09-23 秋分の日, 10-10 体育の日, "
            + "11-03 文化の日, 11-23 勤労感謝の日",
        // Heisei: 04-29 becomes みどりの日, 天皇誕生日 12-23; the funeral of Emperor Shōwa.
        1989: "01-01 元日, 01-02 振替休日, 01-15 成人の日, 01-16 振替休日, 02-11 建国記念の日, 02-24 昭和天皇の大喪の礼, "
            + "03-21 春分の日, 04-29 みどりの日, 05-03 憲法記念日, 05-04 国民の休日, 05-05 こどもの日, 09-15 敬老の日, "
            + "09-23 秋分の日, 10-10 体育の日, 11-03 文化の日, 11-23 勤労感謝の日, 12-23 天皇誕生日",
        1990: "01-01 元日, 01-15 成人の日, 02-11 建国記念の日, 02-12 振替休日, 03-21 春分の日, 04-29 みどりの日, "
            + "04-30 振替休日, 05-03 憲法記念日, 05-04 国民の休日, 05-05 こどもの日, 09-15 敬老の日, 09-23 秋分の日, "
            + "09-24 振替休日, 10-10 体育の日, 11-03 文化の日, 11-12 即位礼正殿の儀, 11-23 勤労感謝の日, "
            + "12-23 天皇誕生日, 12-24 振替休日",
        1993: "01-01 元日, 01-15 成人の日, 02-11 建国記念の日, 03-20 春分の日, 04-29 みどりの日, 05-03 憲法記念日, "
            + "05-04 国民の休日, 05-05 こどもの日, 06-09 皇太子徳仁親王の結婚の儀, 09-15 敬老の日, 09-23 秋分の日, "
            + "10-10 体育の日, 10-11 振替休日, 11-03 文化の日, 11-23 勤労感謝の日, 12-23 天皇誕生日",
        // 海の日 from 1996; a Saturday between two holidays was a 国民の休日 too.
        1996: "01-01 元日, 01-15 成人の日, 02-11 建国記念の日, 02-12 振替休日, 03-20 春分の日, 04-29 みどりの日, "
            + "05-03 憲法記念日, 05-04 国民の休日, 05-05 こどもの日, 05-06 振替休日, 07-20 海の日, 09-15 敬老の日, "
            + "09-16 振替休日, 09-23 秋分の日, 10-10 体育の日, 11-03 文化の日, 11-04 振替休日, 11-23 勤労感謝の日, "
            + "12-23 天皇誕生日",
        // Happy Monday (2000): 成人の日 and 体育の日 on the second Mondays.
        2000: "01-01 元日, 01-10 成人の日, 02-11 建国記念の日, 03-20 春分の日, 04-29 みどりの日, 05-03 憲法記念日, "
            + "05-04 国民の休日, 05-05 こどもの日, 07-20 海の日, 09-15 敬老の日, 09-23 秋分の日, 10-09 体育の日, "
            + "11-03 文化の日, 11-23 勤労感謝の日, 12-23 天皇誕生日",
        // Happy Monday (2003): 海の日 and 敬老の日 on the third Mondays; Sunday 05-04 no 国民の休日.
        2003: "01-01 元日, 01-13 成人の日, 02-11 建国記念の日, 03-21 春分の日, 04-29 みどりの日, 05-03 憲法記念日, "
            + "05-05 こどもの日, 07-21 海の日, 09-15 敬老の日, 09-23 秋分の日, 10-13 体育の日, 11-03 文化の日, "
            + "11-23 勤労感謝の日, 11-24 振替休日, 12-23 天皇誕生日",
        // 2007: 昭和の日 04-29, みどりの日 05-04.
        2007: "01-01 元日, 01-08 成人の日, 02-11 建国記念の日, 02-12 振替休日, 03-21 春分の日, 04-29 昭和の日, "
            + "04-30 振替休日, 05-03 憲法記念日, 05-04 みどりの日, 05-05 こどもの日, 07-16 海の日, 09-17 敬老の日, "
            + "09-23 秋分の日, 09-24 振替休日, 10-08 体育の日, 11-03 文化の日, 11-23 勤労感謝の日, 12-23 天皇誕生日, "
            + "12-24 振替休日",
        // The 2007 rule: Sunday 05-04's substitute is the first day that is no holiday, 05-06.
        2008: "01-01 元日, 01-14 成人の日, 02-11 建国記念の日, 03-20 春分の日, 04-29 昭和の日, 05-03 憲法記念日, "
            + "05-04 みどりの日, 05-05 こどもの日, 05-06 振替休日, 07-21 海の日, 09-15 敬老の日, 09-23 秋分の日, "
            + "10-13 体育の日, 11-03 文化の日, 11-23 勤労感謝の日, 11-24 振替休日, 12-23 天皇誕生日",
        // The first 国民の休日 in September, between 敬老の日 and 秋分の日.
        2009: "01-01 元日, 01-12 成人の日, 02-11 建国記念の日, 03-20 春分の日, 04-29 昭和の日, 05-03 憲法記念日, "
            + "05-04 みどりの日, 05-05 こどもの日, 05-06 振替休日, 07-20 海の日, 09-21 敬老の日, 09-22 国民の休日, "
            + "09-23 秋分の日, 10-12 体育の日, 11-03 文化の日, 11-23 勤労感謝の日, 12-23 天皇誕生日",
        2015: "01-01 元日, 01-12 成人の日, 02-11 建国記念の日, 03-21 春分の日, 04-29 昭和の日, 05-03 憲法記念日, "
            + "05-04 みどりの日, 05-05 こどもの日, 05-06 振替休日, 07-20 海の日, 09-21 敬老の日, 09-22 国民の休日, "
            + "09-23 秋分の日, 10-12 体育の日, 11-03 文化の日, 11-23 勤労感謝の日, 12-23 天皇誕生日",
        // 山の日 from 2016.
        2016: "01-01 元日, 01-11 成人の日, 02-11 建国記念の日, 03-20 春分の日, 03-21 振替休日, 04-29 昭和の日, "
            + "05-03 憲法記念日, 05-04 みどりの日, 05-05 こどもの日, 07-18 海の日, 08-11 山の日, 09-19 敬老の日, "
            + "09-22 秋分の日, 10-10 体育の日, 11-03 文化の日, 11-23 勤労感謝の日, 12-23 天皇誕生日",
        // The accession: 05-01 and 10-22 by their own law, 04-30 and 05-02 between holidays,
        // and no 天皇誕生日 at all.
        2019: "01-01 元日, 01-14 成人の日, 02-11 建国記念の日, 03-21 春分の日, 04-29 昭和の日, 04-30 国民の休日, "
            + "05-01 天皇の即位の日, 05-02 国民の休日, 05-03 憲法記念日, 05-04 みどりの日, 05-05 こどもの日, "
            + "05-06 振替休日, 07-15 海の日, 08-11 山の日, 08-12 振替休日, 09-16 敬老の日, 09-23 秋分の日, "
            + "10-14 体育の日, 10-22 即位礼正殿の儀, 11-03 文化の日, 11-04 振替休日, 11-23 勤労感謝の日",
        // The Olympics: 海の日, スポーツの日 and 山の日 moved; 天皇誕生日 on 02-23.
        2020: "01-01 元日, 01-13 成人の日, 02-11 建国記念の日, 02-23 天皇誕生日, 02-24 振替休日, 03-20 春分の日, "
            + "04-29 昭和の日, 05-03 憲法記念日, 05-04 みどりの日, 05-05 こどもの日, 05-06 振替休日, 07-23 海の日, "
            + "07-24 スポーツの日, 08-10 山の日, 09-21 敬老の日, 09-22 秋分の日, 11-03 文化の日, 11-23 勤労感謝の日",
        2021: "01-01 元日, 01-11 成人の日, 02-11 建国記念の日, 02-23 天皇誕生日, 03-20 春分の日, 04-29 昭和の日, "
            + "05-03 憲法記念日, 05-04 みどりの日, 05-05 こどもの日, 07-22 海の日, 07-23 スポーツの日, 08-08 山の日, "
            + "08-09 振替休日, 09-20 敬老の日, 09-23 秋分の日, 11-03 文化の日, 11-23 勤労感謝の日",
        2026: "01-01 元日, 01-12 成人の日, 02-11 建国記念の日, 02-23 天皇誕生日, 03-20 春分の日, 04-29 昭和の日, "
            + "05-03 憲法記念日, 05-04 みどりの日, 05-05 こどもの日, 05-06 振替休日, 07-20 海の日, 08-11 山の日, "
            + "09-21 敬老の日, 09-22 国民の休日, 09-23 秋分の日, 10-12 スポーツの日, 11-03 文化の日, "
            + "11-23 勤労感謝の日",
    ]

    /// How many days each vector has, counted by hand from the Cabinet Office's list.
    static let counts = [1948: 3, 1955: 9, 1959: 10, 1966: 11, 1973: 14, 1985: 15, 1987: 13, 1988: 14,
                         1989: 17, 1990: 19, 1993: 16, 1996: 19, 2000: 15, 2003: 15, 2007: 19, 2008: 17,
                         2009: 17, 2015: 17, 2016: 17, 2019: 22, 2020: 18, 2021: 17, 2026: 18]

    func testEveryRuleChangeYearMatchesTheCabinetOfficeList() {
        for (year, list) in Self.vectors.sorted(by: { $0.key < $1.key }) {
            let expected = list.components(separatedBy: ", ").map { "\(year)-\($0)" }
            XCTAssertEqual(JapaneseHolidays.holidays(in: year).map(\.description), expected, "\(year)")
        }
    }

    func testTheVectorsAgreeWithTheirCountsAndTheirWeekdays() {
        XCTAssertEqual(Set(Self.vectors.keys), Set(Self.counts.keys))
        for (year, list) in Self.vectors {
            let entries = list.components(separatedBy: ", ").map { entry in
                (day: CalendarDay(parsing: "\(year)-\(entry.prefix(5))"), name: String(entry.dropFirst(6)))
            }
            XCTAssertEqual(entries.count, Self.counts[year], "\(year)")
            let days = Set(entries.compactMap(\.day))
            XCTAssertEqual(days.count, entries.count, "\(year): a day twice, or a bad date")
            for entry in entries {
                guard let day = entry.day else { continue }
                // A substitute follows a run of holidays that begins on a Sunday.
                if entry.name == "振替休日" {
                    var back = day.adding(days: -1)
                    while days.contains(back), back.weekday != 1 { back = back.adding(days: -1) }
                    XCTAssertEqual(back.weekday, 1, "\(day): no Sunday holiday before it")
                    XCTAssertTrue(days.contains(back), "\(day)")
                }
                if entry.name == "国民の休日" {
                    XCTAssertTrue(days.contains(day.adding(days: -1)) && days.contains(day.adding(days: 1)), "\(day)")
                }
                // Happy Monday days are Mondays.
                if year >= 2003 || (year >= 2000 && ["成人の日", "体育の日"].contains(entry.name)),
                   ["成人の日", "体育の日", "スポーツの日", "海の日", "敬老の日"].contains(entry.name), year != 2020, year != 2021 {
                    XCTAssertEqual(day.weekday, 2, "\(day) \(entry.name)")
                }
            }
        }
    }

    func testEquinoxDaysAcrossTheFormulasRange() {
        // 春分の日 / 秋分の日 as announced (and, for 2092, the often cited first 3/19).
        let vernal = [1955: 21, 1960: 20, 1979: 21, 1988: 20, 1993: 20, 2022: 21, 2023: 21, 2024: 20,
                      2025: 20, 2027: 21, 2092: 19]
        let autumnal = [1955: 24, 1979: 24, 1980: 23, 2012: 22, 2016: 22, 2022: 23, 2023: 23, 2024: 22,
                        2025: 23, 2027: 23]
        for (year, day) in vernal { XCTAssertEqual(JapaneseHolidays.vernalEquinox(year), day, "\(year)") }
        for (year, day) in autumnal { XCTAssertEqual(JapaneseHolidays.autumnalEquinox(year), day, "\(year)") }
        // The formula is not valid outside 1900–2099, so no equinox holiday is made up there.
        XCTAssertNil(JapaneseHolidays.vernalEquinox(2100))
        XCTAssertNil(JapaneseHolidays.autumnalEquinox(1899))
        XCTAssertFalse(JapaneseHolidays.holidays(in: 2100).contains { $0.kind == .vernalEquinoxDay })
        XCTAssertEqual(JapaneseHolidays.holidays(in: 2099).filter { $0.kind == .autumnalEquinoxDay }.count, 1)
    }

    func testEveryYearFrom1955Through2099KeepsTheRules() {
        for year in 1955...2099 {
            let holidays = JapaneseHolidays.holidays(in: year)
            XCTAssertEqual(Set(holidays.map(\.day)).count, holidays.count, "\(year): a day twice")
            XCTAssertEqual(holidays.map(\.day), holidays.map(\.day).sorted(), "\(year)")
            XCTAssertTrue(holidays.allSatisfy { $0.day.year == year }, "\(year)")
            XCTAssertEqual(holidays.filter { $0.kind == .vernalEquinoxDay }.count, 1, "\(year)")
            XCTAssertTrue(holidays.contains { $0.kind == .newYearsDay && $0.day.month == 1 && $0.day.day == 1 })
        }
        XCTAssertEqual(JapaneseHolidays.holidays(in: 1947), [])
    }

    func testNamesInBothLanguages() {
        let newYear = JapaneseHolidays.holidays(in: 2027)[0]
        XCTAssertEqual(newYear.name(japanese: true), "元日")
        XCTAssertEqual(newYear.name(japanese: false), "New Year's Day")
        let names = Dictionary(uniqueKeysWithValues: JapaneseHoliday.Kind.allCases.map { ($0, $0.englishName) })
        XCTAssertEqual(names[.comingOfAgeDay], "Coming of Age Day")
        XCTAssertEqual(names[.substituteHoliday], "Substitute Holiday")
        XCTAssertEqual(names[.citizensHoliday], "Citizens' Holiday")
        XCTAssertEqual(Set(names.values).count, JapaneseHoliday.Kind.allCases.count, "two kinds share an English name")
        XCTAssertEqual(Set(JapaneseHoliday.Kind.allCases.map(\.japaneseName)).count, JapaneseHoliday.Kind.allCases.count)
    }
}
