// Offers: `WorkPool`, work on several threads with the results handed back in
// input order: `run` (each worker with state of its own, results streamed to
// `emit` as soon as each is next in line) and `map` (the results as an array).

import Dispatch
import Synchronization

/// The package's one pool of worker threads (`DispatchQueue.concurrentPerform`).
///
/// Workers take the items' indices in turn, `chunk` at a time, so that a slow
/// item holds up only its own worker; whatever order they finish in, results
/// come out in input order.
public enum WorkPool {
    /// Does `work(&state, i)` for every `i` in `0..<count` on `workers` threads
    /// (never more than `count`, at least one).
    ///
    /// Each worker first makes its own state with `start()` on its own thread
    /// (even if no item is left for it), then takes `chunk` indices at a time,
    /// calls `progress` after each item, and at last hands its state to
    /// `finish`. `emit(i, result)` is called once per item in input order,
    /// never two at once: a result waits in memory only until every item before
    /// it is done. Returns when every item is done and emitted.
    public static func run<State: ~Copyable, Result: Sendable>(
        count: Int, workers: Int, chunk: Int = 1,
        start: @Sendable () -> State,
        work: @Sendable (inout State, Int) -> Result,
        progress: (@Sendable () -> Void)? = nil,
        finish: @Sendable (consuming State) -> Void = { _ in },
        emit: @Sendable (Int, Result) -> Void
    ) {
        guard count > 0 else { return }
        let step = max(1, chunk)
        let order = Mutex(Order<Result>(count: count))
        let next = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
            var state = start()
            while true {
                let first: Int = next.withLock { n in
                    defer { n += step }
                    return n
                }
                guard first < count else { break }
                let end = min(count, first + step)
                var local: [Result] = []
                local.reserveCapacity(end - first)
                for i in first..<end {
                    local.append(work(&state, i))
                    progress?()
                }
                // Store, then emit whatever is now next in line, in order.
                order.withLock { o in
                    for (k, r) in local.enumerated() { o.pending[first + k] = r }
                    while o.emitted < o.pending.count, let r = o.pending[o.emitted] {
                        emit(o.emitted, r)
                        o.pending[o.emitted] = nil
                        o.emitted += 1
                    }
                }
            }
            finish(state)
        }
    }

    /// `transform` of each item, in input order, computed on `workers` threads
    /// that take `chunk` items at a time; `progress` is called after each item.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], workers: Int, chunk: Int = 1, progress: (@Sendable () -> Void)? = nil,
        _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
        guard !items.isEmpty else { return [] }
        let results = Mutex([Result]())
        results.withLock { $0.reserveCapacity(items.count) }
        run(
            count: items.count, workers: workers, chunk: chunk, start: {}, work: { _, i in transform(items[i]) },
            progress: progress, emit: { _, r in results.withLock { $0.append(r) } })
        return results.withLock { $0 }
    }

    struct Order<Result>: ~Copyable {
        var emitted = 0
        var pending: [Result?]
        init(count: Int) { pending = Array(repeating: nil, count: count) }
    }
}
