// `sudokit eval DIR...`: scans every photo that has a truth file and prints the
// figures: location, exact boards, silent wrong boards, digit errors, timing.

import Foundation
import GridScanner
import Synchronization

let evalCommand = Command(
    name: "eval",
    summary: "Measure the scanner on folders of photos with truth files.",
    usage: "[options] DIR...",
    discussion: """
        Each DIR holds photos (NAME.jpg or NAME.png) with their truth (NAME.dat: two
        header lines, then 9 lines of 9 digits, 0 for empty) and optionally
        outlines.csv with the grid's true corners. Prints a summary table:
        location (some candidate / the chosen framing within 5 % of the true
        corners), photos read exactly, silent wrong (status solved but a cell
        wrong: must be 0), unverified, missed givens (and how many were flagged),
        phantom and wrong digits, cell accuracy, median and 90th-percentile time.

        EXAMPLES:
          sudokit eval TestImages/newspaper
          sudokit eval --json --jobs 2 TestImages/newspaper TestImages/synthetic
          sudokit eval --show TestImages/synthetic
        """,
    options: [
        .flag("json", "Print the summary as one JSON object."),
        .flag("show", "List each photo that is not exact, with its differences."),
        .value("jobs", "N", "Worker threads (default: the number of cores)."),
        .value("tessdata", "DIR", "Folder holding eng.traineddata (default: $TESSDATA_PREFIX, else Debian's)."),
        .flag("locate-only", "Only locate the grids (no reading): framing figures alone, fast."),
    ],
    run: { parsed in
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("eval needs at least one DIR") }
        let jobs = try parsed.int("jobs", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        var photos: [TruthPhoto] = []
        for dir in parsed.positionals {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
                throw CLIError.noInput("'\(dir)' is not a directory")
            }
            do { photos += try TruthSet.load(directory: dir) } catch let e as TruthSetError {
                throw CLIError.data(e.description)
            }
        }
        let scores = Mutex([PhotoScore?](repeating: nil, count: photos.count))
        let truths = photos
        let options = try scanOptions(parsed)
        _ = try makeScanner(options)  // fail once, clearly, before any photo
        BatchScan.run(paths: photos.map(\.path), jobs: jobs, options: options) { i, result in
            scores.withLock { $0[i] = PhotoScore(result: result, truth: truths[i]) }
        }
        let all = scores.withLock { $0.compactMap { $0 } }
        let summary = EvaluationSummary(all)
        if parsed.flag("show") {
            for s in all where !s.exact || s.chosenRight == false {
                var line = "\(s.name): \(s.status.rawValue)"
                if s.chosenRight == false { line += ", framing wrong" + (s.someCandidateRight == true ? " (a candidate was right)" : "") }
                if !s.differences.isEmpty {
                    line += ", " + s.differences.map { "r\($0.row)c\($0.col) \($0.truth)->\($0.read)" }.joined(separator: " ")
                }
                print(line)
            }
        }
        print(parsed.flag("json") ? summary.json : summary.table)
        return .success
    })

extension EvaluationSummary {
    var json: String {
        jsonObject([
            ("photos", String(photos)), ("exact", String(exact)), ("silent_wrong", String(silentWrong)),
            ("solved", String(solved)), ("unverified", String(unverified)), ("located", String(located)),
            ("no_grid", String(noGrid)), ("errors", String(errors)),
            ("with_outline", String(withOutline)), ("some_candidate_right", String(someCandidateRight)),
            ("chosen_right", String(chosenRight)),
            ("missed", String(missed)), ("missed_flagged", String(missedFlagged)),
            ("phantom", String(phantom)), ("wrong", String(wrong)),
            ("cell_accuracy", jsonNumber(cellAccuracy, decimals: 5)),
            ("median_ms", jsonNumber(medianMilliseconds)), ("p90_ms", jsonNumber(p90Milliseconds)),
        ])
    }

    var table: String {
        func pct(_ n: Int, _ d: Int) -> String { d == 0 ? "-" : String(format: "%.1f %%", 100 * Double(n) / Double(d)) }
        let rows: [(String, String)] = [
            ("photos", "\(photos)"),
            ("framing: some candidate right", withOutline == 0 ? "-" : "\(someCandidateRight)/\(withOutline) (\(pct(someCandidateRight, withOutline)))"),
            ("framing: chosen right", withOutline == 0 ? "-" : "\(chosenRight)/\(withOutline) (\(pct(chosenRight, withOutline)))"),
            ("exact (all 81 cells right)", "\(exact)/\(photos) (\(pct(exact, photos)))"),
            ("silent wrong (solved, a cell wrong)", "\(silentWrong)"),
            ("status solved / unverified / located", "\(solved) / \(unverified) / \(located)"),
            ("status no-grid / error", "\(noGrid) / \(errors)"),
            ("missed givens (flagged)", "\(missed) (\(missedFlagged))"),
            ("phantom digits", "\(phantom)"),
            ("wrong digits", "\(wrong)"),
            ("cell accuracy", String(format: "%.3f %%", 100 * cellAccuracy)),
            ("ms per photo: median / p90", String(format: "%.0f / %.0f", medianMilliseconds, p90Milliseconds)),
        ]
        let width = rows.map(\.0.count).max()!
        return rows.map { $0.0 + String(repeating: " ", count: width - $0.0.count) + "  " + $0.1 }.joined(separator: "\n")
    }
}
