// Offers: `FitRatingCommand`, `sudokit-lab fit-rating FILE`: fits `sudokit
// grade`'s rating to players' mean solving times by k-fold cross-validation
// (`RatingFit`), prints the held-out folds' Spearman correlations beside the
// tier's and the empty cells', and writes the model fitted on all of them as
// Swift source (`--swift`, what scripts/fit-rating commits) and a plot of
// predicted against actual time on the folds (`--plot`, an SVG).

import ArgumentParsing
import Basics
import Grading
import SudokitCommands
import SudokuCore
import SudokuLogic

#if canImport(Glibc)
    import Glibc
#endif

struct FitRatingCommand: Command {
    struct Arguments: ParsableArguments {
        var files: [String] = []
        var folds = RatingFit.defaultFolds
        var seed = Int(RatingFit.defaultSeed)
        var swift: String?
        var plot: String?
        var jobs = 1

        static var options: [Option<Self>] {
            [
                .value("folds", \.folds, in: 2...100, help: "Folds of the cross-validation (default 10)."),
                .value(
                    "seed", \.seed, in: 0...Int.max,
                    help: "Seed of the shuffle that deals the puzzles to the folds (default 44)."),
                .value(
                    "swift", \.swift, valueName: "file",
                    help: "Write the model fitted on all puzzles as Swift source (RatingModel.generated.swift)."),
                .value(
                    "plot", \.plot, valueName: "file",
                    help: "Write an SVG plot of the held-out predicted time against the players' mean time."),
                .value("jobs", \.jobs, in: 1...256, help: "Puzzles graded at once (default 1; the fit is the same)."),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "file", \.files,
                help: "A TSV of players' times: the header id, puzzle, players, mean_seconds, then a puzzle a line.")
        }

        func validate() throws(UsageError) {
            guard files.count == 1 else {
                throw UsageError("expected one <file> (TestImages/difficulty/human-times.tsv)")
            }
        }
    }

    static let help = CommandHelp(
        name: "fit-rating",
        abstract: "Fit the rating of 'sudokit grade' to players' solving times, by cross-validation.",
        discussion: """
            Grades each puzzle of FILE and measures the rating's terms on the ladder's
            path (the search for each step among those open, the work beyond singles, the
            steps with no hidden single of a box open). Deals the puzzles to --folds folds
            (a shuffle seeded by --seed); for each fold, fits the model on the others
            (the search weighting from a small grid, then a ridge regression of the log
            of the time) and predicts the fold's times. Prints the Spearman correlation
            of those held-out predictions with the mean times, over all puzzles and over
            those with at least 20 players, beside the tier's and the empty cells' (the
            baselines), per fold, then the model fitted on all puzzles and the range of
            the held-out residuals. The same FILE, folds and seed give the same figures
            and the same model on every machine.
            """,
        exitStatus: [
            ("0", "fitted"), ("64", "usage error"), ("65", "FILE is not such a TSV"), ("66", "FILE cannot be opened"),
        ],
        examples: [
            "sudokit-lab fit-rating TestImages/difficulty/human-times.tsv",
            "sudokit-lab fit-rating --folds 5 --seed 7 --plot fit.svg TestImages/difficulty/human-times.tsv",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let path = a.files[0]
        let text = try TextInput.read(path)
        let samples: [TimedPuzzle]
        do throws(RatingFit.ReadError) {
            samples = try TimedPuzzle.parse(tsv: text)
        } catch {
            throw CLIError(message: "\(TextInput.displayName(path)): \(error)", code: .dataError)
        }
        guard samples.count >= a.folds else {
            throw CLIError(
                message: "\(path): \(samples.count) puzzles, fewer than the \(a.folds) folds", code: .dataError)
        }
        let fit = RatingFit(samples: samples, folds: a.folds, seed: UInt64(a.seed), workers: a.jobs)
        Console.out(report(fit), terminator: "")
        if let file = a.swift { try OutputFiles.writeAtomically(fit.swiftSource, to: file) }
        if let file = a.plot { try OutputFiles.writeAtomically(plot(fit), to: file) }
        return .success
    }

    static func f3(_ v: Double) -> String { JSONText.number(v, decimals: 3) }

    static func report(_ fit: RatingFit) -> String {
        let n20 = fit.count(players: 20)
        let tiers = fit.tiers.map(Double.init), empty = fit.emptyCells.map(Double.init)
        func row(_ name: String, _ v: [Double]) -> String {
            name.rightPadded(30) + f3(fit.spearman(v)).leftPadded(8)
                + f3(fit.spearman(v, players: 20)).leftPadded(16)
        }
        let m = fit.model, s = m.search
        var out = [
            "\(fit.samples.count) puzzles (\(n20) with at least 20 players), \(fit.folds)-fold cross-validation, seed \(fit.seed)",
            "",
            "Spearman with the mean time       all   >= 20 players",
            row("rating (held-out folds)", fit.heldOut),
            row("tier (baseline)", tiers),
            row("empty cells (baseline)", empty),
            "",
            "per fold (rating): " + fit.perFoldSpearman.map(f3).joined(separator: " "),
            "search chosen per fold (line, naked, a, b): "
                + fit.foldSearch.map { "\($0.lineWeight)/\($0.nakedWeight)/\($0.openPower)/\($0.emptyPower)" }
                .joined(separator: " "),
            "",
            "fitted on all \(fit.samples.count): log seconds = \(f3(m.intercept))",
        ]
        for (name, w) in zip(RatingModel.termNames, m.weights) {
            out.append("  + \(JSONText.number(w, decimals: 4)) x \(name)")
        }
        out.append(
            "  search: line singles weigh \(s.lineWeight), naked singles \(s.nakedWeight), a = \(s.openPower), "
                + "b = \(s.emptyPower)")
        out.append(
            "range (held-out residuals, 10th-90th percentile): x\(f3(exp(m.residualLow))) to x\(f3(exp(m.residualHigh))) "
                + "of the prediction; \(JSONText.number(fit.heldOutCoverage * 100, decimals: 1))% of the times inside")
        return out.joined(separator: "\n") + "\n"
    }

    /// Held-out predicted against actual time, both in minutes on log axes; the
    /// puzzles with at least 20 players filled, the others as rings; the diagonal.
    static func plot(_ fit: RatingFit) -> String {
        let size = 520.0, margin = 60.0, inner = size - 2 * margin
        let predicted = fit.heldOut.map { exp($0) / 60 }, actual = fit.samples.map { $0.meanSeconds / 60 }
        let lo = 2.0, hi = max(30, (predicted + actual).max() ?? 30)
        func x(_ v: Double) -> Double { margin + inner * log(max(v, lo) / lo) / log(hi / lo) }
        func y(_ v: Double) -> Double { size - margin - inner * log(max(v, lo) / lo) / log(hi / lo) }
        func n(_ v: Double) -> String { JSONText.number(v, decimals: 1) }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(size))" height="\(n(size))" viewBox="0 0 \(n(size)) \(n(size))" \
            font-family="DejaVu Sans, sans-serif" font-size="12">
            <title>Predicted (held-out folds) against players' mean solving time, \(fit.samples.count) puzzles</title>
            <rect x="0" y="0" width="\(n(size))" height="\(n(size))" fill="#ffffff"/>

            """
        let ticks = [2.0, 3, 5, 10, 20, 30, 60, 120].filter { $0 <= hi }
        for t in ticks {
            out +=
                "<line class=\"grid\" x1=\"\(n(x(t)))\" y1=\"\(n(margin))\" x2=\"\(n(x(t)))\" y2=\"\(n(size - margin))\" stroke=\"#dddddd\"/>\n"
            out +=
                "<line class=\"grid\" x1=\"\(n(margin))\" y1=\"\(n(y(t)))\" x2=\"\(n(size - margin))\" y2=\"\(n(y(t)))\" stroke=\"#dddddd\"/>\n"
            out += "<text x=\"\(n(x(t)))\" y=\"\(n(size - margin + 16))\" text-anchor=\"middle\">\(Int(t))</text>\n"
            out += "<text x=\"\(n(margin - 6))\" y=\"\(n(y(t) + 4))\" text-anchor=\"end\">\(Int(t))</text>\n"
        }
        out +=
            "<line class=\"diagonal\" x1=\"\(n(x(lo)))\" y1=\"\(n(y(lo)))\" x2=\"\(n(x(hi)))\" y2=\"\(n(y(hi)))\" stroke=\"#888888\" stroke-dasharray=\"4 3\"/>\n"
        out +=
            "<rect x=\"\(n(margin))\" y=\"\(n(margin))\" width=\"\(n(inner))\" height=\"\(n(inner))\" fill=\"none\" stroke=\"#444444\"/>\n"
        for i in fit.samples.indices where fit.samples[i].players < 20 {
            out +=
                "<circle class=\"puzzle\" cx=\"\(n(x(predicted[i])))\" cy=\"\(n(y(actual[i])))\" r=\"2.5\" fill=\"none\" stroke=\"#4a7ab5\" stroke-opacity=\"0.6\"/>\n"
        }
        for i in fit.samples.indices where fit.samples[i].players >= 20 {
            out +=
                "<circle class=\"puzzle many-players\" cx=\"\(n(x(predicted[i])))\" cy=\"\(n(y(actual[i])))\" r=\"3\" fill=\"#d0602a\"/>\n"
        }
        let all = f3(fit.spearman(fit.heldOut)), many = f3(fit.spearman(fit.heldOut, players: 20))
        out += """
            <text x="\(n(size / 2))" y="\(n(size - 18))" text-anchor="middle">predicted time on the held-out fold (minutes, log scale)</text>
            <text x="16" y="\(n(size / 2))" text-anchor="middle" transform="rotate(-90 16 \(n(size / 2)))">players' mean time (minutes, log scale)</text>
            <text x="\(n(size / 2))" y="24" text-anchor="middle" font-weight="bold">Rating: \(fit.folds)-fold cross-validation, seed \(fit.seed)</text>
            <text x="\(n(size / 2))" y="42" text-anchor="middle">Spearman \(all) (\(fit.samples.count) puzzles), \(many) (filled: the \(fit.count(players: 20)) with 20+ players)</text>
            </svg>

            """
        return out
    }
}

extension String {
    fileprivate func rightPadded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
