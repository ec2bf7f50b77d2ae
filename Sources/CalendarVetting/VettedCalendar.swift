import CalendarEditing

/// An untrusted file after the child process checked it: only the components libical read
/// cleanly, and a sentence for each one left out.
public struct VettedCalendar: Sendable {
    /// The file's text minus the rejected components (the kept ones byte for byte).
    public var document: CalendarDocument
    /// One line per left-out component, naming it, the line of the file it begins on and why,
    /// e.g. "“Tea” (abc@x), line 12: it has no DTSTART".
    public var problems: [String]
}
