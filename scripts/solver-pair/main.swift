// The driver of scripts/bench-solver-pair: two builds of the solver's sources
// (`SolverA`, an earlier revision's, and `SolverB`, this checkout's, renamed so
// that both fit in one program) timed pass by pass in turn on one puzzle file.
// Usage: solver-pair FILE PASSES
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3, let passes = Int(arguments[2]), passes > 0,
      let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: solver-pair FILE PASSES\n".utf8))
    exit(64)
}
let puzzles: [[UInt8]] = text.split(separator: "\n").compactMap { line in
    let bytes = Array(line.utf8.prefix(81))
    guard !line.hasPrefix("#"), bytes.count == 81 else { return nil }
    return bytes.map { $0 >= 49 && $0 <= 57 ? $0 - 48 : 0 }
}
guard !puzzles.isEmpty else {
    FileHandle.standardError.write(Data("solver-pair: no puzzles in \(arguments[1])\n".utf8))
    exit(65)
}

/// What the driver needs of each build (both have it as they are).
protocol PairSolver {
    init(tables: UnsafePointer<UInt32>, solution: UnsafeMutablePointer<UInt32>, limit: Int)
    func load(_ cells: UnsafeBufferPointer<UInt8>, into s: UnsafeMutablePointer<UInt32>) -> Bool
    mutating func searchConfigurations(_ s: UnsafeMutablePointer<UInt32>, pending: UInt32)
    var guesses: Int { get }
    var count: Int { get }
    var budget: Int { get set }
    static var tableWords: [UInt32] { get }
    static func withFrame<R>(_ body: (UnsafeMutablePointer<UInt32>) -> R) -> R
}
extension SolverA: PairSolver {
    static var tableWords: [UInt32] { TablesA.words }
    static func withFrame<R>(_ body: (UnsafeMutablePointer<UInt32>) -> R) -> R { FrameA.with(body) }
}
extension SolverB: PairSolver {
    static var tableWords: [UInt32] { TablesB.words }
    static func withFrame<R>(_ body: (UnsafeMutablePointer<UInt32>) -> R) -> R { FrameB.with(body) }
}

/// One pass of a build over all puzzles, counting solutions up to 2 as
/// `bench solve` does; returns the guesses and the solutions found. (Specialized
/// for each build by the optimizer: no generic dispatch in the timed code.)
@inline(never) func pass<S: PairSolver>(_: S.Type, _ puzzles: [[UInt8]]) -> (guesses: Int, solutions: Int) {
    var guesses = 0, solutions = 0
    S.tableWords.withUnsafeBufferPointer { tables in
        S.withFrame { solution in
            S.withFrame { root in
                for p in puzzles {
                    var engine = S(tables: tables.baseAddress!, solution: solution, limit: 2)
                    guard p.withUnsafeBufferPointer({ engine.load($0, into: root) }) else { continue }
                    engine.budget = 5000
                    engine.searchConfigurations(root, pending: 0x7FF_FFFF)
                    guesses &+= engine.guesses
                    solutions &+= engine.count
                }
            }
        }
    }
    return (guesses, solutions)
}
func passA(_ puzzles: [[UInt8]]) -> (guesses: Int, solutions: Int) { pass(SolverA.self, puzzles) }
func passB(_ puzzles: [[UInt8]]) -> (guesses: Int, solutions: Int) { pass(SolverB.self, puzzles) }

func microseconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1000 }

// One untimed pass each (tables built, caches warm), then the timed passes, the
// first of each pair alternating.
let a0 = passA(puzzles), b0 = passB(puzzles)
var timesA: [Double] = [], timesB: [Double] = [], ratios: [Double] = []
for pass in 0..<passes {
    var a = 0.0, b = 0.0
    if pass % 2 == 0 {
        var t = microseconds(); _ = passA(puzzles); a = microseconds() - t
        t = microseconds(); _ = passB(puzzles); b = microseconds() - t
    } else {
        var t = microseconds(); _ = passB(puzzles); b = microseconds() - t
        t = microseconds(); _ = passA(puzzles); a = microseconds() - t
    }
    timesA.append(a / Double(puzzles.count))
    timesB.append(b / Double(puzzles.count))
    ratios.append(b / a)
}
func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
let sortedRatios = ratios.sorted()
print(String(format: "%d puzzles, %d passes each: before %.2f us, this %.2f us (medians); this/before pass by pass: median %.3f, quartiles %.3f-%.3f",
             puzzles.count, passes, median(timesA), median(timesB), median(ratios),
             sortedRatios[sortedRatios.count / 4], sortedRatios[(sortedRatios.count * 3) / 4]))
print("guesses before \(a0.guesses), this \(b0.guesses); solutions before \(a0.solutions), this \(b0.solutions)"
      + (a0.guesses == b0.guesses && a0.solutions == b0.solutions ? " (the same)" : " (DIFFERENT)"))
