import Foundation

/// The user's locale and first weekday, read from the POSIX environment.
///
/// Needed because `Locale.current` is always "en_001" on Linux whatever `LANG` says.
public struct LocaleSettings: Sendable {
    /// Used for "C", "POSIX", a missing variable or anything unparsable: plain English
    /// with en_US conventions (Sunday first).
    public static let fallbackIdentifier = "en_US_POSIX"

    public var locale: Locale
    /// 1 = Sunday … 7 = Saturday, from the locale's region (US 1, DE 2, JP 1).
    public var firstWeekday: Int

    public init(locale: Locale, firstWeekday: Int) {
        self.locale = locale
        self.firstWeekday = firstWeekday
    }

    /// Reads `LC_ALL`, then `LC_TIME`, then `LANG`; the first non-empty one wins.
    /// "ja_JP.UTF-8" → ja_JP, "de_DE.UTF-8@euro" → de_DE.
    public static func fromEnvironment(_ env: [String: String]) -> LocaleSettings {
        let value = ["LC_ALL", "LC_TIME", "LANG"]
            .lazy
            .compactMap { env[$0]?.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty }
        let identifier = value.flatMap(localeIdentifier(posix:)) ?? fallbackIdentifier
        let locale = Locale(identifier: identifier)
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        return LocaleSettings(locale: locale, firstWeekday: calendar.firstWeekday)
    }

    /// The same locale writing times on a 24-hour clock (`true`), a 12-hour one (`false`), or
    /// as the locale does (nil). ICU's "hours" keyword: every "j" template follows it
    /// ("jmm" → "HH:mm"), so every time Koyomi writes does.
    public func withClock(twentyFourHour: Bool?) -> LocaleSettings {
        guard let twentyFourHour else { return self }
        var components = Locale.Components(locale: locale)
        components.hourCycle = twentyFourHour ? .zeroToTwentyThree : .oneToTwelve
        return LocaleSettings(locale: Locale(components: components), firstWeekday: firstWeekday)
    }

    /// Whether the locale writes times on a 24-hour clock (its preferred hour, CLDR's "j", is
    /// `H` or `k`).
    public var usesTwentyFourHourClock: Bool {
        let hour = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "h"
        return hour.contains("H") || hour.contains("k")
    }

    /// A Gregorian calendar in this locale and `timeZone`, starting weeks on `firstWeekday`.
    public func calendar(timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = timeZone
        calendar.firstWeekday = firstWeekday
        return calendar
    }

    /// "language[_REGION][.codeset][@modifier]" → "language[_REGION]"; nil for C/POSIX and
    /// for text that is not a locale name, so the caller falls back.
    static func localeIdentifier(posix value: String) -> String? {
        let name = value.prefix { $0 != "." && $0 != "@" }
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        let language = parts[0].lowercased()
        guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }),
              Locale.LanguageCode(language).isISOLanguage else { return nil }
        guard parts.count == 2 else { return language }
        let region = parts[1].uppercased()
        let isRegion = (region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter })
            || (region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber })
        // An unknown region still leaves a usable language.
        guard isRegion, Locale.Region(region).isISORegion else { return language }
        return "\(language)_\(region)"
    }
}
