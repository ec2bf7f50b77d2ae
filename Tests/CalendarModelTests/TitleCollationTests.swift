@testable import CalendarModel
import Foundation
import XCTest

/// `TitleCollation` answers what `localizedStandardCompare` answers, only faster.
final class TitleCollationTests: XCTestCase {
    /// Titles whose pairs meet every branch: Latin letters in both cases, accents (precomposed
    /// and combining), digits, punctuation, kana, kanji, prefixes of one another.
    private let titles = [
        "Dentist 12", "dentist 12", "Dentist 345", "Doctor 5", "doctor", "Café with Zoë", "Cafe with Zoe",
        "Crème brûlée class", "Cre\u{300}me", "Zoë", "zoe", "Zurich", "Ångström", "angstrom", "Item 2",
        "Item 10", "item", "a1", "ab", "a b", "a-b", "_x", "Yoga", "会議", "歯医者", "カイギの準備",
        "かいぎ", "ともだちとランチ", "東京出張", "ー", "・x", "Ｙｏｇａ", "yoga 7", "", "Ø", "o\u{308}",
    ]

    /// The rule as the ordering states it, in a fixed locale.
    private func reference(_ a: String, _ b: String, locale: Locale) -> Bool {
        let order = a.compare(b, options: [.caseInsensitive, .numeric, .widthInsensitive, .forcedOrdering],
                              range: nil, locale: locale)
        return order == .orderedSame ? a < b : order == .orderedAscending
    }

    func testShortcutAgreesWithTheEnglishCollationWheneverItAnswers() {
        let english = Locale(identifier: "en")
        var answered = 0
        for a in titles {
            for b in titles where a != b {
                guard let quick = TitleCollation.shortcut(a, b) else { continue }
                answered += 1
                XCTAssertEqual(quick, reference(a, b, locale: english), "“\(a)” before “\(b)”")
            }
        }
        XCTAssertGreaterThan(answered, 300, "the shortcut decides the common pairs")
    }

    func testShortcutLeavesUndecidablePairsToTheCollator() {
        XCTAssertNil(TitleCollation.shortcut("Zoë", "zoe"), "same letters: accents and case decide")
        XCTAssertNil(TitleCollation.shortcut("item", "Item 10"), "a prefix of the other")
        XCTAssertNil(TitleCollation.shortcut("o\u{308}", "p"), "a combining mark may change the letter")
        XCTAssertNil(TitleCollation.shortcut("Dentist 12", "Dentist 345"), "digits are compared as numbers")
        XCTAssertEqual(TitleCollation.shortcut("Yoga", "会議"), true)
        XCTAssertEqual(TitleCollation.shortcut("東京出張", "doctor"), false)
    }

    func testPrecedesMatchesLocalizedStandardCompareInThisProcess() {
        let collation = TitleCollation()
        for a in titles {
            for b in titles where a != b {
                XCTAssertEqual(collation.precedes(a, b), reference(a, b, locale: .current), "“\(a)” before “\(b)”")
                XCTAssertEqual(collation.precedes(a, b), !collation.precedes(b, a), "one order for “\(a)”, “\(b)”")
            }
        }
    }
}
