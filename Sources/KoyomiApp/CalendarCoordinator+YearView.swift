import CalendarModel
import Foundation

/// What the year view reports: a day chosen (a click, Enter) is shown in the month; its keys
/// move the selected day and page as the other views' do.
extension CalendarCoordinator: YearViewDelegate {
    func yearView(_ view: YearView, didSelect day: CalendarDay) {
        store.show(day)
        show(.month)
    }

    func yearView(_ view: YearView, didNavigate navigation: CalendarNavigation) {
        navigate(navigation)
    }
}
