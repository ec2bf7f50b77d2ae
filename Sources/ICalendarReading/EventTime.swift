/// A DTSTART/DTEND/RDATE/EXDATE/RECURRENCE-ID value: a wall time and the zone it is read in.
package struct EventTime: Hashable {
    package var wall: WallTime
    package var zone: ZoneRef

    package init(wall: WallTime, zone: ZoneRef) {
        self.wall = wall
        self.zone = zone
    }
}
