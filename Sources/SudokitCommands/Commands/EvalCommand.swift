// Offers: `EvalCommand`, `sudokit eval DIR...`: scans every photo that has a truth
// file, prints the figures (location, exact boards, silent wrong boards, digit
// errors, timing), and compares them with a stored baseline or stores one.

import ArgumentParsing
import Evaluation
import Foundation
import GridScanner
import Synchronization

extension PhotoGroup: ArgumentValue {}

struct EvalCommand: Command {
    struct Arguments: ParsableArguments {
        var folders: [String] = []
        var format = ReportFormat.text
        var show = false
        var baseline: String?
        var writeBaseline: String?
        var minExact: Int?
        var by: PhotoGroup?
        var confusion = false
        var tuning: String?
        var printTuning = false
        var reading = ReadingOptions()
        var workers = WorkerOptions()
        var shard = ShardOption()

        static var options: [Option<Self>] {
            [
                .reportFormat(\.format, json: "the summary as one object"),
                .flag(
                    "show", \.show, help: "List each photo that is not exact, with its differences (JSON: not_exact)."),
                .value(
                    "baseline", \.baseline, valueName: "file",
                    help: "Compare with this stored result; fail on a regression."),
                .value(
                    "write-baseline", \.writeBaseline, valueName: "file",
                    help: "Store this run's result as a baseline in FILE."),
                .value(
                    "min-exact", \.minExact, in: 0...1_000_000,
                    help: "Fail when fewer than N photos are read "
                        + "exactly."),
                .value(
                    "by", \.by, valueName: "key",
                    help:
                        "Also give the figures per class (the name without its trailing -N) or per camera (the first "
                        + "word of the truth's line 1)."
                ),
                .flag(
                    "confusion", \.confusion,
                    help:
                        "Also print per-digit confusion matrices of Tesseract alone, the classifier alone and both "
                        + "combined."
                ),
                .value(
                    "tuning", \.tuning, valueName: "file",
                    help: "Scan with the tuning values in FILE (JSON; values it leaves out keep their defaults)."),
                .flag(
                    "print-tuning", \.printTuning,
                    help:
                        "Print the tuning as a file to edit (the defaults, or --tuning FILE's values over them) and "
                        + "stop."
                ),
            ] + Option.group(\.workers) + Option.group(\.shard) + Option.group(\.reading)
        }

        static var positionals: Positionals<Self>? {
            Positionals("dir", \.folders, help: "A folder of photos with truth files (NAME.dat beside NAME.jpg).")
        }
    }

    static let help = CommandHelp(
        name: "eval",
        abstract: "Measure the scanner on folders of photos with truth files.",
        discussion: """
            Each DIR holds photos (NAME.jpg or NAME.png) with their truth (NAME.dat: two
            header lines, then 9 lines of 9 digits, 0 for empty) and optionally
            outlines.csv with the grid's true corners; a played photo's NAME.candidates
            lists the cells holding only pencil marks (r9c3 ...), scored as such.
            Prints a summary: location (some
            candidate / the chosen framing within 5 % of the true corners), photos read
            exactly, silent wrong (status solved but a cell wrong: must be 0),
            statuses, missed givens (and how many were flagged), phantom and wrong
            digits, cell accuracy, median and 90th-percentile time.

            REGRESSIONS: --baseline FILE compares each photo with a stored result and
            lists the photos exact then and not now (regressions), silent wrong boards,
            newly exact photos, and exact photos no longer solved. Photos are keyed
            FOLDER/NAME, FOLDER the last component of the DIR given (newspaper/image1.jpg),
            so a baseline holds whatever the working directory. --write-baseline FILE
            stores this run's result (atomically; one photo per line); FILE may be the
            one just compared against. TestImages/baseline.json is the committed
            baseline of the corpus folders of TestImages (newspaper, synthetic, mixed,
            synthetic/played, phone, phone-full, screenshots).

            TUNING: the scan's tuning values (thresholds, shares, sizes of each stage) are
            data with defaults. --print-tuning prints them all as a JSON file to edit;
            --tuning FILE scans with the values FILE gives (any part of that file: a value
            left out keeps its default; a key the tuning does not have is an error naming
            it). A baseline records the tuning it was measured with, and a comparison
            names each value that differs (docs/design/tuning.md).

            GROUPS: --by class|camera adds a table after the summary (in JSON, a "by"
            object) with photos, exact, silent wrong, solved and missed givens (flagged)
            per group: per class, the file name without its trailing -N
            (tall-digits-3.jpg is tall-digits; a name that is one word and a number,
            like image17.jpg, is image), or per camera, the first word of the truth
            file's line 1 (synthetic for the generated photos).

            READERS: --confusion adds three matrices (in JSON, a "confusion" object):
            for every cell of the photos framed right (at most 9 cells wrong after
            judging), the truth (row; "empty" for an empty cell) against the digit
            Tesseract read alone, the classifier alone, and both as the judge
            combines them (column; "-" for no digit), before any repair. A glyph that
            looks handwritten and that no step needed Tesseract to read counts as "-"
            for Tesseract.
            --classifier-weights FILE reads with another weights file, to measure a
            model on photos it was not trained on (scripts/fold-eval does so by fold).

            SHARDS: --shard I/N measures block I (0-based) of N of the photos, in the
            order of the DIRs given and by name within each; the figures and any
            baseline written are that share's (a comparison then reports the other
            photos as not in this run).
            """,
        exitStatus: [
            ("0", "done, no regression"),
            (
                "1",
                "a regression against the baseline, more silent wrong boards than it had, or fewer exact photos than "
                    + "--min-exact"
            ),
            ("65", "a bad truth, outline, baseline, tuning or --classifier-weights file"),
            ("66", "a DIR or FILE (or the --classifier-weights or --tuning file) cannot be opened"),
            ("69", "the digit reader cannot start"),
            ("73, 74", "the baseline cannot be written"),
        ],
        examples: [
            "sudokit eval TestImages/synthetic/played",
            "sudokit eval --format json --jobs 2 --shard 0/20 TestImages/newspaper TestImages/synthetic",
            "sudokit eval --show TestImages/synthetic/played",
            "sudokit eval --by class TestImages/synthetic/played",
            "sudokit eval --confusion --jobs 2 TestImages/synthetic/played",
            "sudokit eval --baseline TestImages/baseline.json --shard 0/20 TestImages/newspaper TestImages/synthetic",
            "sudokit eval --print-tuning",
            "sudokit eval --tuning docs/tuning-example.json --baseline TestImages/baseline.json "
                + "TestImages/synthetic/played",
            "sudokit eval --write-baseline played-baseline.json TestImages/synthetic/played",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        var tuning = Tuning()
        if let path = a.tuning {
            do throws(EvaluationError) { tuning = try TuningFile.read(path) } catch { throw CLIError(error) }
        }
        if a.printTuning {
            guard a.folders.isEmpty else { throw CLIError.usage("--print-tuning takes no <dir>") }
            Console.out(TuningFile.text(tuning), terminator: "")
            return .success
        }
        guard !a.folders.isEmpty else { throw CLIError.usage("missing <dir>") }
        try OutputGuard.check(
            a.writeBaseline.map { [.init(option: "--write-baseline", path: $0)] } ?? [],
            reads: a.folders + a.reading.files)
        var photos: [TruthPhoto] = []
        for dir in a.folders {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
                throw CLIError.noInput("'\(dir)' is not a directory")
            }
            do throws(EvaluationError) { photos += try TruthSet.load(directory: dir) } catch { throw CLIError(error) }
        }
        var keys = Set<String>()
        for p in photos where !keys.insert(p.key).inserted {
            throw CLIError.usage("two photos are both keyed '\(p.key)': give folders with different names")
        }
        photos = try a.shard.select(photos)
        // Read the baseline before the long part, so a bad one fails at once.
        var baseline: Baseline?
        if let path = a.baseline {
            do throws(EvaluationError) { baseline = try BaselineFile.read(path) } catch { throw CLIError(error) }
        }

        var options = a.reading.scanOptions
        options.tuning = tuning
        let prepared = try checkReaderStarts(options, photos: photos.count)
        let scores = Mutex([PhotoScore?](repeating: nil, count: photos.count))
        let truths = photos
        let progress = BatchProgress(total: photos.count, label: "eval", enabled: !a.workers.quiet && photos.count > 1)
        BatchScan.run(paths: photos.map(\.path), jobs: a.workers.jobs, options: options, prepared: prepared) {
            i, result in
            scores.withLock { $0[i] = PhotoScore(result: result, truth: truths[i]) }
            progress.advance()
        }
        progress.finish()
        let all = scores.withLock { $0.compactMap { $0 } }
        let summary = EvaluationSummary(all)
        let report = EvalReport(
            scores: all, summary: summary,
            comparison: baseline.map { BaselineComparison(all, against: $0, tuning: tuning) }, baselinePath: a.baseline,
            groups: a.by.map { ($0, EvaluationSummary.grouped(all, by: $0)) },
            confusion: a.confusion ? ReaderConfusion(all) : nil,
            tuningChanges: TuningFile.differences(
                recorded: TuningFile.flatValues(Tuning()),
                run: TuningFile.flatValues(tuning)))
        if a.format == .json {
            Console.out(report.json(show: a.show))
        } else {
            if a.show { for line in report.notExactLines { Console.out(line) } }
            Console.out(report.text)
        }
        if let path = a.writeBaseline {
            try OutputFiles.writeAtomically(BaselineFile.text(all, summary: summary, tuning: tuning), to: path)
        }

        var failures = report.failures
        if let minExact = a.minExact, summary.exact < minExact {
            failures.append("\(summary.exact) photos read exactly, fewer than --min-exact \(minExact)")
        }
        for failure in failures { Console.error(failure) }
        return failures.isEmpty ? .success : .notVerified
    }
}
