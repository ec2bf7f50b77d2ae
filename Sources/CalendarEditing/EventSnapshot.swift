/// An event as it was at one moment: the text of every VEVENT with its UID (the master and
/// its RECURRENCE-ID overrides), in file order. Empty when the document had no such event.
/// Taken before an edit, it is what Undo restores (`CalendarDocument.restore(_:now:)`).
public struct EventSnapshot: Hashable, Sendable {
    public let uid: String
    /// The components' texts exactly as they stood in the file.
    public let componentTexts: [String]

    public init(uid: String, componentTexts: [String]) {
        self.uid = uid
        self.componentTexts = componentTexts
    }

    /// True when the event did not exist (restoring it removes the event).
    public var isEmpty: Bool { componentTexts.isEmpty }
}
