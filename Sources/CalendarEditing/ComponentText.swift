/// One top-level component of a calendar (VEVENT, VTODO, VTIMEZONE, an unknown one…) kept
/// as the content lines it was read from. Edits touch single property lines of the
/// component itself; every other line (nested VALARMs, X- properties, parameters Koyomi
/// does not know) keeps its original text.
package struct ComponentText: Hashable, Sendable {
    private(set) var lines: [ContentLine]

    init(lines: [ContentLine]) {
        self.lines = lines
    }

    /// "VEVENT", "VTIMEZONE", …
    package var kind: String { lines.first?.beginName ?? "" }
    package var text: String { lines.map(\.text).joined() }

    var uid: String? { value(of: "UID") }
    /// The RECURRENCE-ID line's value as written (nil for masters and single events).
    var recurrenceIDLine: ContentLine? { line(named: "RECURRENCE-ID") }
    /// VTIMEZONE's TZID.
    package var tzid: String? { kind == "VTIMEZONE" ? value(of: "TZID") : nil }

    /// Indices of the component's own property lines (not BEGIN/END, not nested components).
    private var ownIndices: [Int] {
        var result: [Int] = []
        var depth = 0
        for (index, line) in lines.enumerated() {
            if line.beginName != nil {
                depth += 1
            } else if line.endName != nil {
                depth -= 1
            } else if depth == 1 {
                result.append(index)
            }
        }
        return result
    }

    /// The component's own property lines, in order.
    var ownLines: [ContentLine] { ownIndices.map { lines[$0] } }

    func line(named name: String) -> ContentLine? {
        ownIndices.lazy.map { lines[$0] }.first { $0.name == name }
    }

    func allLines(named name: String) -> [ContentLine] {
        ownIndices.map { lines[$0] }.filter { $0.name == name }
    }

    func value(of name: String) -> String? { line(named: name)?.value }

    /// Replaces every own line called `name` with `newLines`, at the place of the first one;
    /// when there was none, the new lines go after the last own property line.
    mutating func set(_ name: String, to newLines: [ContentLine]) {
        let matching = ownIndices.filter { lines[$0].name == name }
        let position: Int
        if let first = matching.first {
            position = first
        } else {
            position = (ownIndices.last ?? 0) + 1
        }
        for index in matching.reversed() { lines.remove(at: index) }
        lines.insert(contentsOf: newLines, at: position)
    }

    mutating func remove(_ name: String) { set(name, to: []) }

    /// Adds lines after the last own property line (e.g. one more EXDATE).
    mutating func append(_ newLines: [ContentLine]) {
        lines.insert(contentsOf: newLines, at: (ownIndices.last ?? 0) + 1)
    }

    /// Adds a nested component (its lines from BEGIN to END) last, before this one's END.
    mutating func appendNested(_ component: [ContentLine]) {
        lines.insert(contentsOf: component, at: max(lines.count - 1, 0))
    }

    /// The components of `kind` (VALARM) nested directly in this one, each as its lines from
    /// BEGIN to END. `body` returns what replaces one (nil removes it); lines outside them,
    /// and those `body` hands back unchanged, keep their text.
    mutating func rewriteNested(_ kind: String, _ body: ([ContentLine]) -> [ContentLine]?) {
        var result: [ContentLine] = []
        var nested: [ContentLine]?
        var depth = 0
        for line in lines {
            if line.beginName != nil { depth += 1 }
            if depth == 2, line.beginName == kind, nested == nil { nested = [] }
            if nested != nil { nested?.append(line) } else { result.append(line) }
            if line.endName != nil {
                if depth == 2, line.endName == kind, let done = nested {
                    result += body(done) ?? []
                    nested = nil
                }
                depth -= 1
            }
        }
        lines = result + (nested ?? [])
    }

    /// The components of `kind` nested directly in this one, each as its lines.
    func nested(_ kind: String) -> [[ContentLine]] {
        var copy = self
        var found: [[ContentLine]] = []
        copy.rewriteNested(kind) { found.append($0); return $0 }
        return found
    }
}
