// `sudokit eval DIR...`: scans every photo that has a truth file and prints the
// figures: location, exact boards, silent wrong boards, digit errors, timing; and
// compares them with a stored baseline (regressions) or stores one.

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

        REGRESSIONS: --baseline FILE compares each photo with a stored result and
        lists the photos exact then and not now (regressions), silent wrong boards,
        newly exact photos, and exact photos no longer solved. Photos are keyed
        FOLDER/NAME, FOLDER the last component of the DIR given (newspaper/image1.jpg),
        so a baseline holds whatever the working directory. --write-baseline FILE
        stores this run's result (atomically; one photo per line); FILE may be the
        one just compared against. TestImages/baseline.json is the committed
        baseline of TestImages/newspaper and TestImages/synthetic.

        EXIT STATUS: 0 done; 1 a regression against the baseline, more silent
        wrong boards than it had, or fewer exact photos than --min-exact;
        64 usage; 65 a bad truth or baseline file; 66 a DIR or FILE cannot be opened.

        EXAMPLES:
          sudokit eval TestImages/newspaper
          sudokit eval --json --jobs 2 TestImages/newspaper TestImages/synthetic
          sudokit eval --show TestImages/synthetic
          sudokit eval --baseline TestImages/baseline.json TestImages/newspaper TestImages/synthetic
          sudokit eval --write-baseline TestImages/baseline.json TestImages/newspaper TestImages/synthetic
        """,
    options: [
        .flag("json", "Print the summary as one JSON object."),
        .flag("show", "List each photo that is not exact, with its differences."),
        .value("jobs", "N", "Worker threads (default: the number of cores)."),
        .value("baseline", "FILE", "Compare with this stored result; fail on a regression."),
        .value("write-baseline", "FILE", "Store this run's result as a baseline in FILE."),
        .value("min-exact", "N", "Fail when fewer than N photos are read exactly."),
        .flag("quiet", "No progress on stderr."),
        .value("tessdata", "DIR", "Folder holding eng.traineddata (default: $TESSDATA_PREFIX, else Debian's)."),
        .flag("locate-only", "Only locate the grids (no reading): framing figures alone, fast."),
    ],
    run: { parsed in
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("eval needs at least one DIR") }
        let jobs = try parsed.int("jobs", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        let minExact = try parsed.value("min-exact").map { _ in try parsed.int("min-exact", default: 0, in: 0...1_000_000) }
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
        var keys = Set<String>()
        for p in photos where !keys.insert(p.key).inserted {
            throw CLIError.usage("two photos are both keyed '\(p.key)': give folders with different names")
        }
        // Read the baseline before the long part, so a bad one fails at once.
        let baselinePath = parsed.value("baseline")
        let baseline = try baselinePath.map(BaselineFile.read)

        let scores = Mutex([PhotoScore?](repeating: nil, count: photos.count))
        let truths = photos
        let options = try scanOptions(parsed)
        _ = try makeScanner(options)  // fail once, clearly, before any photo
        let progress = BatchProgress(total: photos.count, label: "eval", enabled: !parsed.flag("quiet") && photos.count > 1)
        BatchScan.run(paths: photos.map(\.path), jobs: jobs, options: options) { i, result in
            scores.withLock { $0[i] = PhotoScore(result: result, truth: truths[i]) }
            progress.advance()
        }
        progress.finish()
        let all = scores.withLock { $0.compactMap { $0 } }
        let summary = EvaluationSummary(all)
        if parsed.flag("show") {
            for s in all where !s.exact || s.chosenRight == false {
                var line = "\(s.key): \(s.status.rawValue)"
                if s.chosenRight == false { line += ", framing wrong" + (s.someCandidateRight == true ? " (a candidate was right)" : "") }
                if !s.differences.isEmpty {
                    line += ", " + s.differences.map { "r\($0.row)c\($0.col) \($0.truth)->\($0.read)" }.joined(separator: " ")
                }
                print(line)
            }
        }
        let comparison = baseline.map { BaselineComparison(all, against: $0) }
        if parsed.flag("json") {
            var json = summary.json()
            if let comparison { json = String(json.dropLast()) + ",\"baseline\":" + comparison.json + "}" }
            print(json)
        } else {
            print(summary.table)
            if let comparison, let baselinePath { print(comparison.report(path: baselinePath, exactNow: summary.exact)) }
        }
        if let path = parsed.value("write-baseline") {
            try BaselineFile.writeAtomically(BaselineFile.text(all, summary: summary), to: path)
        }

        var failures: [String] = []
        if let comparison, let baselinePath {
            if !comparison.regressions.isEmpty {
                failures.append("\(comparison.regressions.count) photos exact in \(baselinePath) are not now: "
                    + comparison.regressions.map(\.score.key).joined(separator: ", "))
            }
            if comparison.silentWrong.count > comparison.silentWrongBefore {
                failures.append("\(comparison.silentWrong.count) silent wrong boards, \(comparison.silentWrongBefore) in \(baselinePath): "
                    + comparison.silentWrong.map(\.key).joined(separator: ", "))
            }
        }
        if let minExact, summary.exact < minExact {
            failures.append("\(summary.exact) photos read exactly, fewer than --min-exact \(minExact)")
        }
        for failure in failures { printError("Error: " + failure) }
        return failures.isEmpty ? .success : .notVerified
    })

extension EvaluationSummary {
    /// The figures as one JSON object; `timing: false` leaves out the times
    /// (which vary from run to run), as a baseline does.
    func json(timing: Bool = true) -> String {
        var pairs: [(String, String)] = [
            ("photos", String(photos)), ("exact", String(exact)), ("silent_wrong", String(silentWrong)),
            ("solved", String(solved)), ("unverified", String(unverified)), ("located", String(located)),
            ("no_grid", String(noGrid)), ("errors", String(errors)),
            ("with_outline", String(withOutline)), ("some_candidate_right", String(someCandidateRight)),
            ("chosen_right", String(chosenRight)),
            ("missed", String(missed)), ("missed_flagged", String(missedFlagged)),
            ("phantom", String(phantom)), ("wrong", String(wrong)),
            ("cell_accuracy", jsonNumber(cellAccuracy, decimals: 5)),
        ]
        if timing { pairs += [("median_ms", jsonNumber(medianMilliseconds)), ("p90_ms", jsonNumber(p90Milliseconds))] }
        return jsonObject(pairs)
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
