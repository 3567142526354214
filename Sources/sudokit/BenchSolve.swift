// `sudokit bench solve FILE...`: solver speed over puzzle files (one 81-character
// puzzle a line, `#` comments). Each pass solves every puzzle of a file once,
// counting solutions up to 2, timed with the monotonic `ContinuousClock`; the
// figure is the median pass divided by the number of puzzles.

import SudokuCore

#if canImport(Glibc)
import Glibc
#endif

let benchSolveCommand = Command(
    name: "bench solve",
    summary: "Measure solver speed: microseconds per puzzle, counting solutions up to 2.",
    usage: "[options] FILE...",
    discussion: """
        Each FILE holds one 81-character puzzle a line ('.' or '0' for empty, '#' comments).
        Prints 'FILE: N puzzles, X us/puzzle' per file: the median of --passes timed passes
        over the whole file, after one untimed warm-up pass, on one core.

        Example:
          sudokit bench solve TestImages/puzzles/puzzles2_17_clue
        """,
    options: [
        .value("passes", "N", "Timed passes per file, 1...100 (default 5)."),
        .flag("json", "Print one JSON object per file: {\"file\", \"puzzles\", \"us_per_puzzle\"}."),
    ],
    run: { parsed in
        let passes = try parsed.int("passes", default: 5, in: 1...100)
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("bench solve needs at least one puzzle FILE") }
        for path in parsed.positionals {
            let text = try readPuzzleText(path)
            let puzzles: [Grid]
            do {
                puzzles = try Grid.parseList(text).map(\.grid)
            } catch let error as SudokuCoreError {
                throw CLIError.data(describe(error, in: displayName(path), isArgument: false))
            }
            var checksum = 0
            for p in puzzles { checksum &+= Solver.countSolutions(p, limit: 2) }  // warm-up
            let clock = ContinuousClock()
            var seconds: [Double] = []
            for _ in 0..<passes {
                var sum = 0
                let start = clock.now
                for p in puzzles { sum &+= Solver.countSolutions(p, limit: 2) }
                let elapsed = clock.now - start
                // The sum keeps the work observable; it must not change between passes.
                if sum != checksum { throw CLIError.software("solution counts differ between passes for \(path)") }
                let c = elapsed.components
                seconds.append(Double(c.seconds) + Double(c.attoseconds) * 1e-18)
            }
            seconds.sort()
            let median = seconds.count % 2 == 1 ? seconds[seconds.count / 2]
                : (seconds[seconds.count / 2 - 1] + seconds[seconds.count / 2]) / 2
            let us = median * 1e6 / Double(puzzles.count)
            if parsed.flag("json") {
                print("{\"file\":\(JSONText.quoted(path)),\"puzzles\":\(puzzles.count),\"us_per_puzzle\":\(formatMicros(us))}")
            } else {
                print("\(path): \(puzzles.count) puzzles, \(formatMicros(us)) us/puzzle")
            }
            fflush(nil)  // show each file's figure as soon as it is measured
        }
        return .success
    })

/// `us` with two decimals, e.g. `4.60`.
func formatMicros(_ us: Double) -> String {
    let hundredths = Int((us * 100).rounded())
    let frac = hundredths % 100
    return "\(hundredths / 100)." + (frac < 10 ? "0" : "") + "\(frac)"
}
