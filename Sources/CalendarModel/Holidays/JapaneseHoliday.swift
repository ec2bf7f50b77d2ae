/// One day off in Japan: a national holiday (国民の祝日), a substitute holiday (振替休日),
/// a citizens' holiday (国民の休日) or a day made a holiday once by its own law.
public struct JapaneseHoliday: Hashable, Sendable, CustomStringConvertible {
    /// Which holiday it is; its names in both languages come from here.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case newYearsDay, comingOfAgeDay, foundationDay, emperorsBirthday, vernalEquinoxDay
        case showaDay, greeneryDay, constitutionDay, childrensDay, marineDay, mountainDay
        case respectForTheAgedDay, autumnalEquinoxDay, healthAndSportsDay, sportsDay, cultureDay
        case labourThanksgivingDay
        /// 振替休日: a national holiday fell on a Sunday.
        case substituteHoliday
        /// 国民の休日: a day between two national holidays.
        case citizensHoliday
        case crownPrinceAkihitoWedding, showaFuneral, enthronementCeremony, crownPrinceNaruhitoWedding
        case accessionDay

        /// The name the law gives the day.
        public var japaneseName: String {
            switch self {
            case .newYearsDay: "元日"
            case .comingOfAgeDay: "成人の日"
            case .foundationDay: "建国記念の日"
            case .emperorsBirthday: "天皇誕生日"
            case .vernalEquinoxDay: "春分の日"
            case .showaDay: "昭和の日"
            case .greeneryDay: "みどりの日"
            case .constitutionDay: "憲法記念日"
            case .childrensDay: "こどもの日"
            case .marineDay: "海の日"
            case .mountainDay: "山の日"
            case .respectForTheAgedDay: "敬老の日"
            case .autumnalEquinoxDay: "秋分の日"
            case .healthAndSportsDay: "体育の日"
            case .sportsDay: "スポーツの日"
            case .cultureDay: "文化の日"
            case .labourThanksgivingDay: "勤労感謝の日"
            case .substituteHoliday: "振替休日"
            case .citizensHoliday: "国民の休日"
            case .crownPrinceAkihitoWedding: "皇太子明仁親王の結婚の儀"
            case .showaFuneral: "昭和天皇の大喪の礼"
            case .enthronementCeremony: "即位礼正殿の儀"
            case .crownPrinceNaruhitoWedding: "皇太子徳仁親王の結婚の儀"
            case .accessionDay: "天皇の即位の日"
            }
        }

        /// The name in English, as the Cabinet Office's English pages give it where they do.
        public var englishName: String {
            switch self {
            case .newYearsDay: "New Year's Day"
            case .comingOfAgeDay: "Coming of Age Day"
            case .foundationDay: "National Foundation Day"
            case .emperorsBirthday: "The Emperor's Birthday"
            case .vernalEquinoxDay: "Vernal Equinox Day"
            case .showaDay: "Shōwa Day"
            case .greeneryDay: "Greenery Day"
            case .constitutionDay: "Constitution Memorial Day"
            case .childrensDay: "Children's Day"
            case .marineDay: "Marine Day"
            case .mountainDay: "Mountain Day"
            case .respectForTheAgedDay: "Respect for the Aged Day"
            case .autumnalEquinoxDay: "Autumnal Equinox Day"
            case .healthAndSportsDay: "Health and Sports Day"
            case .sportsDay: "Sports Day"
            case .cultureDay: "Culture Day"
            case .labourThanksgivingDay: "Labour Thanksgiving Day"
            case .substituteHoliday: "Substitute Holiday"
            case .citizensHoliday: "Citizens' Holiday"
            case .crownPrinceAkihitoWedding: "Wedding of Crown Prince Akihito"
            case .showaFuneral: "Funeral of Emperor Shōwa"
            case .enthronementCeremony: "Enthronement Ceremony"
            case .crownPrinceNaruhitoWedding: "Wedding of Crown Prince Naruhito"
            case .accessionDay: "Emperor's Accession Day"
            }
        }
    }

    public var day: CalendarDay
    public var kind: Kind

    public init(day: CalendarDay, kind: Kind) {
        self.day = day
        self.kind = kind
    }

    /// The name in Japanese or in English. The two names are data, as the law and the Cabinet
    /// Office publish them, not translations: Japanese for a Japanese locale, English for any other.
    public func name(japanese: Bool) -> String { japanese ? kind.japaneseName : kind.englishName }

    /// "2027-01-01 元日", for test failures.
    public var description: String { "\(day) \(kind.japaneseName)" }
}
