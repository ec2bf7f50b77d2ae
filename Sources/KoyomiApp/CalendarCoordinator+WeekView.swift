import CalendarModel
import Foundation

/// What the time grids (the week and day views) report: a day or plan clicked, a plan
/// opened, made, dragged or resized, the keys that page; the coordinator answers as it does
/// for the month grid.
extension CalendarCoordinator: WeekViewDelegate {
    func weekView(_ view: WeekView, didSelect day: CalendarDay) {
        selectedPlan = nil
        store.show(day)
    }

    func weekView(_ view: WeekView, didSelectPlan entry: PlanOnDay) {
        selectedPlan = entry.plan.id
        if store.selection == entry.day { renderGridAndTitle() } else { store.show(entry.day) }
    }

    func weekView(_ view: WeekView, didActivatePlan entry: PlanOnDay) {
        activate(entry)
    }

    func weekView(_ view: WeekView, didRequestDeleteOf entry: PlanOnDay) {
        delete(entry)
    }

    func weekView(_ view: WeekView, didRequestNewPlanAt start: Date) {
        editing.newPlan(at: start)
    }

    func weekView(_ view: WeekView, didMove entry: PlanOnDay, to timing: PlanTiming) {
        guard let editing = editingToMove(entry) else {
            view.dropSettled()
            return renderGridAndTitle()
        }
        selectedPlan = entry.plan.id
        editing.retime(entry, to: timing)
        // Once it is saved and read back, the plan is selected on its new day (the day is
        // selected only then: a day without the plan would unselect it).
        let day = timing.days(in: store.calendar).lowerBound
        whenEditsSettled { [weak self, weak view] in
            view?.dropSettled()
            guard let self, self.store.selection != day else { return }
            self.selectedPlan = entry.plan.id
            self.store.show(day)
        }
    }

    func weekView(_ view: WeekView, didNavigate navigation: CalendarNavigation) {
        navigate(navigation)
    }

    func weekViewDidChangeFit(_ view: WeekView) {
        if current === view { renderGridAndTitle() }
    }
}
