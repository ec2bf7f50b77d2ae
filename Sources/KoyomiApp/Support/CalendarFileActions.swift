import CalendarModel

/// What the window does with calendar files, for the controllers that change which files are
/// open (the calendars list, sync): open, read again, close, and remember which are hidden.
/// `WindowController` does it; a controller is handed it at construction, as this role only.
@MainActor
protocol CalendarFileActions: AnyObject {
    /// Opens `paths` at once, on this thread: for versions Koyomi trusts (a calendar it just
    /// made); any other is parsed by a child, which this thread then waits for.
    @discardableResult
    func open(paths: [String], readOnly: Bool) -> CalendarLoader.Result
    /// Opens `paths` off the window's thread (a version not read before is parsed by a child
    /// under limits); their plans show when they are read.
    func openInBackground(paths: [String], readOnly: Bool)
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
