// Offers: `parallelMap`, a function applied to many items on `jobs` workers,
// the results in input order, with a progress report per item.

import Dispatch
import Synchronization

/// `transform` of each item, in input order, computed by `jobs` workers that
/// take chunks of `chunk` items in turn. `progress` advances once per item.
package func parallelMap<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, chunk: Int = 16, progress: BatchProgress? = nil,
                                           _ transform: @Sendable (T) -> R) -> [R] {
    guard !items.isEmpty else { return [] }
    let results = Mutex([R?](repeating: nil, count: items.count))
    let next = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, items.count))) { _ in
        while true {
            let start: Int = next.withLock { n in
                defer { n += chunk }
                return n
            }
            guard start < items.count else { break }
            let end = min(items.count, start + chunk)
            var local: [R] = []
            local.reserveCapacity(end - start)
            for k in start..<end {
                local.append(transform(items[k]))
                progress?.advance()
            }
            results.withLock { r in
                for (k, v) in local.enumerated() { r[start + k] = v }
            }
        }
    }
    return results.withLock { $0.map { $0! } }
}
