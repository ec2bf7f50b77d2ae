/// The events a first part read (`CalendarReader`'s `reaching`), by their ordinal in the file,
/// so reading the whole file after it does not parse them again: at 100,000 plans the months
/// around the visible one are about an eighth of the file, and every repeating event is in it.
struct ReadEvents {
    /// Ascending, as the events come in the file.
    private var ordinals: [Int] = []
    private var outcomes: [EventReader.Outcome] = []

    /// Adds the event after those added so far.
    mutating func append(_ outcome: EventReader.Outcome, ordinal: Int) {
        ordinals.append(ordinal)
        outcomes.append(outcome)
    }

    /// Adds those of the next chunk of the file.
    mutating func append(contentsOf other: ReadEvents) {
        ordinals += other.ordinals
        outcomes += other.outcomes
    }

    /// What reading the event with `ordinal` gave; nil when it was not read.
    func outcome(ordinal: Int) -> EventReader.Outcome? {
        var low = 0, high = ordinals.count
        while low < high {
            let middle = (low + high) / 2
            if ordinals[middle] < ordinal { low = middle + 1 } else { high = middle }
        }
        return low < ordinals.count && ordinals[low] == ordinal ? outcomes[low] : nil
    }
}
