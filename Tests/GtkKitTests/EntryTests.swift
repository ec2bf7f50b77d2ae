import GtkKit
import XCTest

final class EntryTests: GtkTestCase {
    func testTextPlaceholderAndChangedSignal() {
        onMain {
            let entry = Entry(text: "Lunch", placeholder: "Title")
            XCTAssertEqual(entry.text, "Lunch")
            XCTAssertEqual(entry.placeholder, "Title")
            var seen: [String] = []
            entry.onChanged { seen.append(entry.text) }
            entry.text = "Dinner"
            entry.text = "Dinner" // no change, no signal
            entry.text = ""
            XCTAssertEqual(seen, ["Dinner", ""])
            entry.activatesDefault = true
            XCTAssertTrue(entry.activatesDefault)
            var activations = 0
            entry.onActivate { activations += 1 }
            entry.activate()
            XCTAssertEqual(activations, 1)
        }
    }

    func testEntryAndItsHandlersAreFreedWithTheWrapper() {
        onMain {
            weak var weakToken: Token?
            var probe: WeakObjectProbe?
            do {
                let entry = Entry(text: "x")
                let token = Token()
                weakToken = token
                entry.onChanged { _ = token }
                entry.onActivate { _ = token }
                probe = WeakObjectProbe(entry)
            }
            XCTAssertEqual(probe?.isAlive, false)
            XCTAssertNil(weakToken, "the handlers' closures are released")
        }
    }
}
