/// A DTSTART/DTEND/RDATE/EXDATE/RECURRENCE-ID value: a wall time and the zone it is read in.
struct EventTime: Hashable {
    var wall: WallTime
    var zone: ZoneRef
}
