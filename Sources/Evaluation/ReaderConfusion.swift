// Offers: `ReaderConfusion`, per-digit confusion matrices of the two digit
// readers alone and combined, over the cells of photos framed right.

import Basics
import GridScanner
import SudokuCore

/// How each reader's digits compare with the truth, cell by cell.
///
/// Rows are the truth (0: an empty cell), columns what was read (0: no digit).
/// Only photos whose board is framed right count: at most `maxDifferences` of
/// their cells differ from the truth after judging, so each cell's readings
/// belong to the truth's cell. What the judge made of the readings (repairs,
/// flags) is not here; this is the readers' own evidence.
public struct ReaderConfusion: Sendable, Equatable {
    /// A board with more differing cells than this is taken as framed wrongly
    /// and left out (a shifted or wrong grid pairs every cell with another's truth).
    public static let maxDifferences = 9

    public enum Reader: String, CaseIterable, Sendable {
        case tesseract, classifier, fused
        public var title: String {
            switch self {
            case .tesseract: "Tesseract alone"
            case .classifier: "classifier alone"
            case .fused: "both combined (as the judge weighs them)"
            }
        }
    }

    /// `counts[reader][truth * 10 + read]`.
    public private(set) var counts: [Reader: [Int]] = Dictionary(
        uniqueKeysWithValues: Reader.allCases.map { ($0, [Int](repeating: 0, count: 100)) })
    /// Photos counted, and photos left out (no board, or framed wrongly).
    public private(set) var photos = 0
    public private(set) var leftOut = 0

    public init(_ scores: [PhotoScore]) {
        for s in scores {
            guard !s.votes.isEmpty else {
                leftOut += 1
                continue
            }
            photos += 1
            for (truth, v) in s.votes {
                let t = Int(truth)
                counts[.tesseract]![t * 10 + Int(v.tesseract)] += 1
                counts[.classifier]![t * 10 + Int(v.classifier)] += 1
                counts[.fused]![t * 10 + Int(v.fused)] += 1
            }
        }
    }

    public func count(_ reader: Reader, truth: Int, read: Int) -> Int { counts[reader]![truth * 10 + read] }

    /// Cells whose truth is a digit, and how many of them the reader read right.
    public func givens(_ reader: Reader) -> (right: Int, total: Int) {
        var right = 0, total = 0
        for t in 1...9 {
            for r in 0...9 { total += count(reader, truth: t, read: r) }
            right += count(reader, truth: t, read: t)
        }
        return (right, total)
    }

    /// Empty cells the reader read a digit in.
    public func phantoms(_ reader: Reader) -> Int { (1...9).reduce(0) { $0 + count(reader, truth: 0, read: $1) } }

    /// The three matrices as text: a table each, truth down, reading across.
    public var text: String {
        var blocks = [
            "reader confusion over \(photos) photos framed right (\(leftOut) left out: no board, or more than "
                + "\(Self.maxDifferences) cells wrong)"
        ]
        for reader in Reader.allCases {
            let g = givens(reader)
            let pct = g.total == 0 ? "-" : DecimalText.fixed(100 * Double(g.right) / Double(g.total), places: 2) + " %"
            var lines = [
                "\(reader.title): givens right \(g.right)/\(g.total) (\(pct)), digits read in empty cells "
                    + "\(phantoms(reader))",
                "truth\\read" + (0...9).map { pad(String($0 == 0 ? "-" : "\($0)"), 6) }.joined(),
            ]
            for t in 0...9 {
                let row = (0...9).map { r -> String in
                    let n = count(reader, truth: t, read: r)
                    return pad(n == 0 ? "." : "\(n)", 6)
                }
                lines.append(pad(t == 0 ? "empty" : "\(t)", 10, left: true) + row.joined())
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n")
    }

    /// `{"photos","left_out","tesseract":{"givens_right","givens","phantoms","matrix"},...}`;
    /// `matrix` is 10 rows (truth 0-9) of 10 counts (read 0-9).
    public var json: String {
        var members: [(String, String)] = [("photos", "\(photos)"), ("left_out", "\(leftOut)")]
        for reader in Reader.allCases {
            let g = givens(reader)
            let rows = (0...9).map { t in JSONText.array((0...9).map { "\(count(reader, truth: t, read: $0))" }) }
            members.append(
                (
                    reader.rawValue,
                    JSONText.object([
                        ("givens_right", "\(g.right)"), ("givens", "\(g.total)"), ("phantoms", "\(phantoms(reader))"),
                        ("matrix", JSONText.array(rows)),
                    ])
                ))
        }
        return JSONText.object(members)
    }

    private func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return left ? s + fill : fill + s
    }
}
