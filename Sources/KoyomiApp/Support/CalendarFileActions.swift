import CalendarModel

/// What the window does with calendar files, for the controllers that change which files are
/// open (the calendars list, sync): open, read again, close, and remember which are hidden.
/// `WindowController` does it; a controller is handed it at construction, as this role only.
@MainActor
protocol CalendarFileActions: AnyObject {
    /// Opens `paths` at once (small, new files: a calendar just made or synced).
    @discardableResult
    func open(paths: [String], readOnly: Bool) -> CalendarLoader.Result
    /// Reads an open calendar's file again.
    func reload(_ id: CalendarID, completion: @escaping @MainActor () -> Void)
    /// Stops showing a calendar (its file is left alone); `undoable`: Ctrl+Z can bring it back.
    func close(_ id: CalendarID, undoable: Bool)
    /// Keeps the hidden calendars in the settings.
    func rememberHiddenCalendars()
}

extension CalendarFileActions {
    func reload(_ id: CalendarID) { reload(id, completion: {}) }
}
