import CalendarEditing
import CalendarModel
import Foundation

/// Which plans of a repeating series a change or a delete is for; the raw values are the
/// question's response ids.
enum SeriesScope: String, CaseIterable {
    case onlyThis = "this"
    case following
    case all
}

/// "This and all following" on the save queue: the series is split at the chosen occurrence
/// (`CalendarDocument.splitSeries`) and the change goes to the new series, which starts there.
extension EditingController {
    /// A UID for a new plan or a series split off.
    nonisolated static func newUID() -> String { UUID().uuidString.lowercased() + "@koyomi" }

    /// Applies `changes`, made to the occurrence `plan`, to it and every later occurrence. The
    /// new series (`newUID`) moves as "all of them" would move the whole series; the chosen
    /// occurrence's own override, if it had one, takes the changes as "only this one" would.
    /// From the first occurrence on, that is the whole series.
    nonisolated static func changeFollowing(_ plan: Plan, _ changes: [PlanChange], newUID: String,
                                            in document: inout CalendarDocument, calendar: Calendar, now: Date) throws {
        guard try document.splitSeries(at: plan.id, newUID: newUID, now: now) else {
            return try document.updateEvent(uid: plan.id.uid, seriesChanges(changes, occurrence: plan, document: document,
                                                                           calendar: calendar), now: now)
        }
        let first = Plan.ID(uid: newUID, occurrence: plan.id.occurrence)
        if document.hasOverride(first) { try document.updateOccurrence(first, changes, now: now) }
        try document.updateSeriesKeepingExceptions(uid: newUID, seriesChanges(changes, occurrence: plan, uid: newUID,
                                                                              document: document, calendar: calendar),
                                                   now: now)
    }
}
