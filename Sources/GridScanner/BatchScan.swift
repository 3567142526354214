// Offers: `BatchScan`, which scans many photos on several worker threads (one
// `GridScanner`, and so one reading engine, per worker) and hands the results
// back in input order as soon as each is next in line.

import Basics
import Synchronization

public enum BatchScan {
    /// Scans `paths` with `jobs` workers. `emit` is called once per photo, in input
    /// order, with the photo's index and result; calls never overlap. Returns when
    /// every photo is done.
    ///
    /// Each worker builds its own `GridScanner` with `options` on its own thread;
    /// if that fails, the worker's photos become `error` results. A `prepared`
    /// scanner (made with the same options, and used by no one else) serves the
    /// first worker, which then starts none of its own.
    public static func run(
        paths: [String], jobs: Int, options: ScanOptions, prepared: consuming sending GridScanner? = nil,
        emit: @Sendable (Int, ScanResult) -> Void
    ) {
        run(
            count: paths.count, jobs: jobs, options: options, prepared: prepared,
            name: { paths[$0] }, scan: { scanner, i in scanner.scan(path: paths[i]) }, emit: emit)
    }

    /// Scans `count` photos with `jobs` workers: `scan(scanner, i)` reads photo `i`
    /// with the worker's own scanner (so a caller can mix files and bytes already
    /// in memory). `name(i)` names photo `i` in the `error` result made when a
    /// worker's scanner cannot start. `emit` is called once per photo, in input
    /// order, never overlapping; a result waits in memory only until every photo
    /// before it is done, so memory stays flat however long the batch.
    public static func run(
        count: Int, jobs: Int, options: ScanOptions, prepared: consuming sending GridScanner? = nil,
        name: @Sendable (Int) -> String,
        scan: @Sendable (GridScanner, Int) -> ScanResult,
        emit: @Sendable (Int, ScanResult) -> Void
    ) {
        run(
            count: count, jobs: jobs, options: options, prepared: prepared, work: scan,
            failed: { i, error in ScanResult(file: name(i), error: error) }, emit: emit)
    }

    /// Does `work(scanner, i)` for `count` items on `jobs` workers, each with its
    /// own `GridScanner`, as `run(count:jobs:options:name:scan:emit:)` does for
    /// scans; `failed(i, error)` stands for item `i` when its worker's scanner
    /// cannot start. `emit` gets the results in input order, never overlapping.
    /// A `prepared` scanner serves the first worker to ask for one.
    public static func run<Result: Sendable>(
        count: Int, jobs: Int, options: ScanOptions,
        prepared: consuming sending GridScanner? = nil,
        work: @Sendable (GridScanner, Int) -> Result,
        failed: @Sendable (Int, ScanError) -> Result,
        emit: @Sendable (Int, Result) -> Void
    ) {
        // Handed to exactly one worker (taken under the lock), so it is never shared.
        let spare = Mutex<GridScanner?>(prepared)
        WorkPool.run(
            count: count, workers: jobs,
            start: { () -> Swift.Result<GridScanner, ScanError> in
                if let ready = spare.withLock({ $0.take() }) { return .success(ready) }
                do throws(ScanError) { return .success(try GridScanner(options: options)) } catch {
                    return .failure(error)
                }
            },
            work: { scanner, index in
                switch scanner {
                case .success(let scanner): work(scanner, index)
                case .failure(let error): failed(index, error)
                }
            },
            emit: emit)
    }
}
