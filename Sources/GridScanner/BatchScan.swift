// Offers: `BatchScan`, which scans many photos on several worker threads (one
// `GridScanner`, and so one reading engine, per worker) and hands the results
// back in input order as soon as each is next in line.

import Dispatch
import Synchronization

public enum BatchScan {
    /// Scans `paths` with `jobs` workers. `emit` is called once per photo, in input
    /// order, with the photo's index and result; calls never overlap. Returns when
    /// every photo is done.
    ///
    /// Each worker builds its own `GridScanner` with `options` on its own thread;
    /// if that fails, the worker's photos become `error` results.
    public static func run(paths: [String], jobs: Int, options: ScanOptions,
                           emit: @Sendable (Int, ScanResult) -> Void) {
        let state = Mutex(State(count: paths.count))
        let workers = max(1, min(jobs, paths.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let scanner: GridScanner?
            var failure = ""
            do { scanner = try GridScanner(options: options) } catch {
                scanner = nil
                failure = "cannot start the reader: \(error)"
            }
            while true {
                let index: Int? = state.withLock { s in
                    guard s.next < s.pending.count else { return nil }
                    defer { s.next += 1 }
                    return s.next
                }
                guard let index else { break }
                var result: ScanResult
                if let scanner {
                    result = scanner.scan(path: paths[index])
                } else {
                    result = ScanResult(file: paths[index], status: .error)
                    result.error = failure
                }
                // Store, then emit whatever is now next in line, in order.
                state.withLock { s in
                    s.pending[index] = result
                    while s.emitted < s.pending.count, let r = s.pending[s.emitted] {
                        emit(s.emitted, r)
                        s.pending[s.emitted] = nil
                        s.emitted += 1
                    }
                }
            }
        }
    }

    struct State: ~Copyable {
        var next = 0
        var emitted = 0
        var pending: [ScanResult?]
        init(count: Int) { pending = Array(repeating: nil, count: count) }
    }
}
