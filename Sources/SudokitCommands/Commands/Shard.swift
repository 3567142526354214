// Offers: `Shard` and `ShardOption`, `--shard I/N` for the batch commands: a
// deterministic share of the sorted inputs, so that N processes on N machines
// read every photo exactly once, and their outputs concatenated in shard order
// are the records one process would write. `--shard auto/N` takes the index from
// the scheduler: a Slurm job array or a Kubernetes Indexed Job.

import ArgumentParsing

#if canImport(Glibc)
    import Glibc
#endif

/// Shard `index` of `count`, 0-based; the index may be left to the scheduler.
struct Shard: ArgumentValue, Equatable, Sendable {
    enum Index: Equatable, Sendable {
        case fixed(Int)
        /// From `SLURM_ARRAY_TASK_ID` (less `SLURM_ARRAY_TASK_MIN` when set), else `JOB_COMPLETION_INDEX`.
        case auto
    }

    var index: Index
    var count: Int

    static var expected: String { "I/N with 0 <= I < N, or auto/N" }

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), count >= 1 else { return nil }
        if parts[0] == "auto" {
            index = .auto
        } else {
            guard let i = Int(parts[0]), (0..<count).contains(i) else { return nil }
            index = .fixed(i)
        }
        self.count = count
    }

    /// The 0-based shard index, looked up in the environment for `auto`.
    /// - Throws: `CLIError.usage` when no scheduler variable gives an index in 0..<count.
    func resolvedIndex() throws(CLIError) -> Int {
        guard case .auto = index else {
            if case .fixed(let i) = index { return i }
            return 0
        }
        func variable(_ name: String) -> Int? { getenv(name).flatMap { Int(String(cString: $0)) } }
        let i: Int
        let source: String
        if let task = variable("SLURM_ARRAY_TASK_ID") {
            i = task - (variable("SLURM_ARRAY_TASK_MIN") ?? 0)
            source = "SLURM_ARRAY_TASK_ID"
        } else if let job = variable("JOB_COMPLETION_INDEX") {
            i = job
            source = "JOB_COMPLETION_INDEX"
        } else {
            throw CLIError.usage(
                "--shard auto/\(count) needs SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX in the environment")
        }
        guard (0..<count).contains(i) else {
            throw CLIError.usage("--shard auto/\(count): \(source) gives shard \(i), outside 0...\(count - 1)")
        }
        return i
    }

    /// The indices of shard `index` among `total` inputs: a contiguous block, the
    /// blocks in order and differing in size by at most one.
    static func range(index: Int, count: Int, total: Int) -> Range<Int> {
        (index * total / count)..<((index + 1) * total / count)
    }
}

/// `--shard I/N`.
struct ShardOption: ParsableArguments {
    var shard: Shard?

    static var options: [Option<Self>] {
        [
            .value(
                "shard", \.shard, valueName: "i/n",
                help:
                    "Read only shard I of N (0-based) of the sorted inputs; 'auto/N' takes I "
                    + "from\nSLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX."
            )
        ]
    }

    /// The elements of `items` that belong to this shard (all of them without `--shard`).
    func select<T>(_ items: [T]) throws(CLIError) -> [T] {
        guard let shard else { return items }
        return Array(items[Shard.range(index: try shard.resolvedIndex(), count: shard.count, total: items.count)])
    }
}
