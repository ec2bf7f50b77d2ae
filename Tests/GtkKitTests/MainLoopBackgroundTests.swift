import Foundation
import GtkKit
import XCTest

final class MainLoopBackgroundTests: GtkTestCase {
    func testWorkRunsOffTheMainThreadAndTheResultArrivesOnIt() {
        onMain {
            weak var weakToken: Token?
            var delivered: (value: Int, onMain: Bool)?
            do {
                let token = Token()
                weakToken = token
                MainLoop.runInBackground({ Thread.isMainThread ? -1 : 6 * 7 }) { value in
                    _ = token
                    delivered = (value, Thread.isMainThread)
                }
            }
            XCTAssertTrue(MainLoop.iterate(until: { delivered != nil }, timeout: 5))
            XCTAssertEqual(delivered?.value, 42, "the work ran on another thread")
            XCTAssertEqual(delivered?.onMain, true, "the completion ran on the main thread")
            MainLoop.drain()
            XCTAssertTrue(MainLoop.iterate(until: { weakToken == nil }, timeout: 5), "the completion was released")
        }
    }
}
