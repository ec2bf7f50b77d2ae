import GtkKit
import XCTest

final class DropDownTests: GtkTestCase {
    func testSelectionFollowsTheIndexAndNotifies() {
        onMain {
            let dropDown = DropDown(items: ["Never", "Daily", "Weekly"])
            XCTAssertEqual(dropDown.items, ["Never", "Daily", "Weekly"])
            XCTAssertEqual(dropDown.selectedIndex, 0, "a list starts on its first item")
            var seen: [Int?] = []
            dropDown.onSelected { seen.append($0) }
            dropDown.selectedIndex = 2
            XCTAssertEqual(dropDown.selectedItem, "Weekly")
            dropDown.selectedIndex = 7
            XCTAssertNil(dropDown.selectedIndex, "an index outside the list clears the choice")
            XCTAssertEqual(seen, [2, nil])
        }
    }

    func testReplacingTheItems() {
        onMain {
            let dropDown = DropDown()
            XCTAssertNil(dropDown.selectedIndex)
            dropDown.setItems(["Personal", "Work"])
            dropDown.selectedIndex = 1
            XCTAssertEqual(dropDown.selectedItem, "Work")
            dropDown.setItems(["Home"])
            XCTAssertEqual(dropDown.selectedItem, "Home")
        }
    }

    func testDropDownAndHandlersAreFreed() {
        onMain {
            weak var weakToken: Token?
            var probe: WeakObjectProbe?
            do {
                let dropDown = DropDown(items: ["a", "b"])
                let token = Token()
                weakToken = token
                dropDown.onSelected { _ in _ = token }
                dropDown.setItems(["c"])
                probe = WeakObjectProbe(dropDown)
            }
            XCTAssertEqual(probe?.isAlive, false)
            XCTAssertNil(weakToken)
        }
    }
}
