import GtkKit
import XCTest

final class TextViewTests: GtkTestCase {
    func testMultiLineTextAndChangedSignal() {
        onMain {
            let view = TextView(text: "first")
            XCTAssertEqual(view.text, "first")
            var changes = 0
            view.onChanged { changes += 1 }
            view.text = "line one\nline two — 二行目"
            XCTAssertEqual(view.text, "line one\nline two — 二行目")
            view.text = "line one\nline two — 二行目"
            XCTAssertEqual(changes, 1, "setting the same text changes nothing")
            view.text = ""
            XCTAssertEqual(view.text, "")
            XCTAssertEqual(changes, 2)
        }
    }

    func testViewBufferAndHandlersAreFreedWithTheWrapper() {
        onMain {
            weak var weakToken: Token?
            var probe: WeakObjectProbe?
            do {
                let view = TextView(text: "notes")
                let token = Token()
                weakToken = token
                view.onChanged { _ = token }
                probe = WeakObjectProbe(view)
            }
            XCTAssertEqual(probe?.isAlive, false)
            XCTAssertNil(weakToken, "the buffer's handler is released with the buffer")
        }
    }
}
