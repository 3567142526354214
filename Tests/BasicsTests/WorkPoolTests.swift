// The work pool: results in input order whatever the workers and chunks, each
// result emitted once and never two at once, a state per worker, progress per item.

import Basics
import Synchronization
import TestSupport
import Testing

@Suite(.tags(.small)) struct WorkPoolTests {
    @Test(arguments: [1, 2, 3, 8], [1, 4, 64])
    func mapKeepsInputOrder(workers: Int, chunk: Int) {
        let items = Array(0..<500)
        let out = WorkPool.map(items, workers: workers, chunk: chunk) { $0 * $0 }
        #expect(out == items.map { $0 * $0 })
    }

    @Test func mapOfNothingIsEmpty() {
        let out = WorkPool.map([Int](), workers: 4) { $0 }
        #expect(out.isEmpty)
    }

    @Test func progressIsCalledOncePerItem() {
        let ticks = Mutex(0)
        _ = WorkPool.map(Array(0..<123), workers: 3, chunk: 5, progress: { ticks.withLock { $0 += 1 } }) { $0 }
        #expect(ticks.withLock { $0 } == 123)
    }

    @Test func runEmitsInOrderOneAtATime() {
        let emitted = Mutex([Int]())
        let busy = Mutex(false)
        let overlaps = Mutex(0)
        WorkPool.run(
            count: 300, workers: 4, chunk: 7, start: {}, work: { _, i in i * 2 },
            emit: { i, r in
                if busy.withLock({ b in
                    defer { b = true }
                    return b
                }) {
                    overlaps.withLock { $0 += 1 }
                }
                emitted.withLock { $0.append(r == i * 2 ? i : -1) }
                busy.withLock { $0 = false }
            })
        #expect(emitted.withLock { $0 } == Array(0..<300))
        #expect(overlaps.withLock { $0 } == 0)
    }

    @Test func eachWorkerHasItsOwnStateAndHandsItBack() {
        let started = Mutex(0)
        let total = Mutex(0)
        let finished = Mutex(0)
        WorkPool.run(
            count: 1000, workers: 3, chunk: 64,
            start: { () -> Int in
                started.withLock { $0 += 1 }
                return 0
            }, work: { sum, i in sum += i },
            finish: { sum in
                total.withLock { $0 += sum }
                finished.withLock { $0 += 1 }
            }, emit: { _, _ in })
        #expect(total.withLock { $0 } == 999 * 1000 / 2)
        #expect(started.withLock { $0 } == 3)
        #expect(finished.withLock { $0 } == 3)
    }

    @Test func neverMoreWorkersThanItems() {
        let started = Mutex(0)
        WorkPool.run(
            count: 2, workers: 8, start: { started.withLock { $0 += 1 } }, work: { _, _ in }, emit: { _, _ in })
        #expect(started.withLock { $0 } == 2)
    }
}
