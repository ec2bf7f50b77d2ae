import CalendarModel
import GtkKit

/// The views as peers, timed (issue 36): switching between any two of the four views, and the
/// day and year views' Next and Previous.
extension InteractionBenchmark {
    /// Every ordered pair of the four views once per round, through the header's switch:
    /// month → week → day → year → month → day → week → year → day → month → year → week → month.
    static let switchTour: [CalendarViewKind] = [.week, .day, .year, .month, .day, .week, .year, .day, .month, .year, .week, .month]

    /// N switches along `switchTour`, each timed to the first frame with the new view shown.
    func viewSwitchSteps() -> [Step] {
        let window = controller.mainWindow
        let views = Dictionary(uniqueKeysWithValues: window.calendarViews.map { ($0.kind, $0) })
        return (0..<iterations).map { number in
            let kind = Self.switchTour[number % Self.switchTour.count]
            return Step(kind: .viewSwitch, action: { window.header.viewButton(kind).click() }, model: { _ in },
                        isShown: { views[kind]?.rootWidget.isMapped ?? true })
        }
    }

    /// `kind`'s Next N times and Previous N times (the view shown first, untimed, with the first step).
    func pageSteps(of kind: CalendarViewKind, as stepKind: Kind) -> [Step] {
        let header = controller.mainWindow.header
        func step(_ button: Button) -> Step {
            Step(kind: stepKind, action: {
                if header.view != kind { header.viewButton(kind).click() }
                button.click()
            }, model: { _ in })
        }
        return Array(repeating: step(header.nextButton), count: iterations)
            + Array(repeating: step(header.previousButton), count: iterations)
    }
}
