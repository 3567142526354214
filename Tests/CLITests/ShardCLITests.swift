// Batches spread over processes: `scan --shard I/N` run as N processes by GNU
// parallel, joined by `sudokit merge`, gives the records one process writes,
// record for record; shards cover every photo exactly once; merge refuses
// duplicates and gaps.

import Foundation
import TestSupport
import Testing

/// A fresh folder holding the first `count` corpus photos, by name.
private func folderOfCorpusPhotos(_ count: Int) throws -> URL {
    let source = packageRoot().appendingPathComponent("TestImages/newspaper")
    let names = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { $0.hasSuffix(".jpg") }
        .sorted()
    try #require(names.count >= count)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-shard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for name in names.prefix(count) {
        try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: dir.appendingPathComponent(name))
    }
    return dir
}

/// JSONL records with the timing (the one field that differs between two runs) removed.
private func withoutTiming(_ text: String) -> [String] {
    text.replacingOccurrences(of: #","ms":[0-9.]+,"#, with: ",", options: .regularExpression)
        .split(separator: "\n").map(String.init)
}

/// Runs `command` through /bin/sh (for GNU parallel), returning status and stderr.
private func shell(_ command: String) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = readToEnd(err.fileHandleForReading)
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite(.tags(.medium)) struct ShardCLITests {
    @Test func shardsRunByGNUParallelMergeIntoTheSingleProcessRecords() throws {
        let dir = try folderOfCorpusPhotos(10)
        defer { try? FileManager.default.removeItem(at: dir) }
        let single = try runSudokit(["scan", "--quiet", "--jobs", "1", "--format", "jsonl", dir.path])
        #expect(single.status == 0 || single.status == 1, "\(single.stderr)")
        let shards = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sudokit-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: shards, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: shards) }

        let joblog = shards.appendingPathComponent("joblog.tsv")
        let parallel =
            "parallel --jobs 2 --joblog '\(joblog.path)' '\(sudokitBinary().path)' scan --quiet --jobs 1 --format jsonl"
            + " --shard {}/4 --out '\(shards.path)/shard-{}.jsonl' '\(dir.path)' ::: 0 1 2 3"
        let run = try shell(parallel)
        // GNU parallel exits with the number of jobs that failed, and scan exits 1 when
        // a photo is unverified: each job's own status is in the job log.
        #expect((0...4).contains(run.status), "GNU parallel (scripts/setup installs it): \(run.stderr)")
        let jobs = try String(contentsOf: joblog, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: "\t").map(String.init) }
        #expect(jobs.count == 4)
        for job in jobs {
            #expect(job.count > 7 && ["0", "1"].contains(job[6]) && job[7] == "0", "a shard failed: \(job)")
        }
        let files = (0..<4).map { shards.appendingPathComponent("shard-\($0).jsonl").path }
        let parts = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
        // Every shard holds some photos, and the shards differ in size by at most one.
        let sizes = parts.map { withoutTiming($0).count }
        #expect(sizes == [2, 3, 2, 3])

        let merged = try runSudokit(["merge", "--expect", dir.path] + files)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(withoutTiming(merged.stdout) == withoutTiming(single.stdout))
        #expect(withoutTiming(parts.joined()) == withoutTiming(single.stdout), "the shards concatenate in order")
        #expect(merged.stderr.hasPrefix("merge: 4 files, 10 photos: "))
    }

    @Test func shardsCoverEveryPhotoOnceEvenWhenThereAreMoreShardsThanPhotos() throws {
        let dir = try folderOfCorpusPhotos(3)
        defer { try? FileManager.default.removeItem(at: dir) }
        var seen: [String] = []
        for i in 0..<5 {
            let r = try runSudokit([
                "scan", "--quiet", "--locate-only", "--format", "line", "--shard", "\(i)/5", dir.path,
            ])
            #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
            seen += r.stdout.split(separator: "\n").map(String.init)
        }
        #expect(seen.count == 3)
        let all = try runSudokit(["scan", "--quiet", "--locate-only", "--format", "line", dir.path])
        #expect(seen == all.stdout.split(separator: "\n").map(String.init))
    }

    @Test func autoTakesTheIndexFromTheScheduler() throws {
        let dir = try folderOfCorpusPhotos(4)
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = ["scan", "--quiet", "--locate-only", "--format", "jsonl", "--shard", "auto/2", dir.path]
        func files(_ r: RunResult) -> [String] {
            r.stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["file"] as? String
            }
        }
        let slurm = try runSudokit(
            arguments, input: nil, environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1"],
            removing: ["JOB_COMPLETION_INDEX"])
        let kubernetes = try runSudokit(
            arguments, input: nil, environment: ["JOB_COMPLETION_INDEX": "1"],
            removing: ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN"])
        let fixed = try runSudokit([
            "scan", "--quiet", "--locate-only", "--format", "jsonl", "--shard", "1/2", dir.path,
        ])
        #expect(files(slurm) == files(fixed) && files(kubernetes) == files(fixed) && files(fixed).count == 2)
        let none = try runSudokit(arguments, input: nil, removing: ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"])
        #expect(none.status == 64)
        #expect(none.stderr.hasPrefix("Error: --shard auto/2 needs SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX"))
        let outside = try runSudokit(
            arguments, input: nil, environment: ["JOB_COMPLETION_INDEX": "2"], removing: ["SLURM_ARRAY_TASK_ID"])
        #expect(outside.status == 64)
        for bad in ["2/2", "-1/2", "0/0", "x/2", "1"] {
            let r = try runSudokit(["scan", "--shard", bad, dir.path])
            #expect(r.status == 64)
            #expect(
                r.stderr.hasPrefix("Error: --shard expects I/N with 0 <= I < N, or auto/N; got '\(bad)'"), "\(r.stderr)"
            )
        }
    }

    @Test func mergeRefusesDuplicatesGapsAndStrangers() throws {
        let dir = try folderOfCorpusPhotos(2)
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let a = dir.appendingPathComponent("a.jsonl"), b = dir.appendingPathComponent("b.jsonl")
        let record = { (name: String) in "{\"file\":\"\(dir.path)/\(name)\",\"status\":\"solved\"}\n" }
        try (record(names[0]) + record(names[1])).write(to: a, atomically: true, encoding: .utf8)
        try record(names[1]).write(to: b, atomically: true, encoding: .utf8)
        let twice = try runSudokit(["merge", a.path, b.path])
        #expect(twice.status == 65)
        #expect(twice.stderr.hasPrefix("Error: \(dir.path)/\(names[1]) has two records: \(a.path):2 and \(b.path):1"))
        #expect(twice.stdout.isEmpty)

        let gap = try runSudokit(["merge", "--expect", dir.path, b.path])
        #expect(gap.status == 65)
        #expect(gap.stderr.hasPrefix("Error: 1 of 2 photos have no record: \(dir.path)/\(names[0])"))

        let stranger = dir.appendingPathComponent("c.jsonl")
        try (record(names[0]) + record(names[1]) + "{\"file\":\"elsewhere.jpg\",\"status\":\"error\"}\n")
            .write(to: stranger, atomically: true, encoding: .utf8)
        let extra = try runSudokit(["merge", "--expect", dir.path, stranger.path])
        #expect(extra.status == 65)
        #expect(extra.stderr.hasPrefix("Error: \(stranger.path):3: elsewhere.jpg is not among the expected photos"))

        let junk = dir.appendingPathComponent("d.jsonl")
        try "{\"file\":\"x.jpg\",\"status\":\"solved\"}\nnot json\n".write(to: junk, atomically: true, encoding: .utf8)
        let notRecord = try runSudokit(["merge", junk.path])
        #expect(notRecord.status == 65)
        #expect(notRecord.stderr.hasPrefix("Error: \(junk.path):2: not a scan record"))

        let out = dir.appendingPathComponent("merged.jsonl")
        let ok = try runSudokit(["merge", "--quiet", "--out", out.path, a.path])
        #expect(ok.status == 0 && ok.stderr.isEmpty)
        #expect(try String(contentsOf: out, encoding: .utf8) == record(names[0]) + record(names[1]))
    }
}
