// Decimal text: `fixed` against Foundation's `String(format:)` (what the call
// sites printed before), `scaled` and `trimmed` against the formulas the
// benchmarks, the layout and the SVG writer used before they shared one.

import Basics
import Foundation
import TestSupport
import Testing

@Suite(.tags(.small)) struct DecimalTextTests {
    /// Values with ties, binary near-ties, tiny, huge, negative and subnormal ones.
    static let edges: [Double] = [
        0, -0.0, 0.05, 0.15, 0.25, 0.35, 0.45, 0.125, 0.375, 0.0625, 1.005, 2.675, 6.25, 12.5, 99.95, 99.995,
        100, 0.5, 1.5, 2.5, -0.5, -1.5, -0.01, -2.25, 1e-300, .leastNonzeroMagnitude, 0.999999, 9.9999, 123456.789,
        4503599627370495.5, 9007199254740994, 1e22, 1.7976931348623157e308, -1e20, 1234.5678, 0.001, 0.0005,
    ]

    @Test func fixedPrintsWhatPrintfPrints() {
        var g = SeededGenerator(seed: 40)
        var values = Self.edges
        for _ in 0..<3000 { values.append(Double.random(in: -1000...1000, using: &g)) }
        for _ in 0..<1000 { values.append(Double(Int.random(in: 0...100_000, using: &g)) / 1000) }
        for _ in 0..<500 { values.append(Double(Int.random(in: 0...2000, using: &g)) / 8) }
        for v in values {
            for places in 0...4 {
                #expect(
                    DecimalText.fixed(v, places: places) == String(format: "%.\(places)f", v), "\(v) with \(places)")
            }
        }
        #expect(DecimalText.fixed(123.456, places: 17) == String(format: "%.17f", 123.456))
    }

    @Test func fixedWritesNonFiniteValuesAsGlibcDoes() {
        #expect(DecimalText.fixed(.nan, places: 1) == "nan")
        #expect(DecimalText.fixed(.infinity, places: 1) == "inf")
        #expect(DecimalText.fixed(-.infinity, places: 2) == "-inf")
        #expect(DecimalText.fixed(-.nan, places: 2) == "-nan")
        #expect(DecimalText.fixed(Double(Float(0.85)), places: 1) == String(format: "%.1f", Double(Float(0.85))))
    }

    @Test func scaledMatchesTheBenchmarksFormulas() {
        // The three shapes the benchmarks wrote by hand, kept here as the reference.
        func ms3(_ v: Double) -> String {
            let t = Int((v * 1000).rounded())
            let f = t % 1000
            return "\(t / 1000)." + (f < 100 ? "0" : "") + (f < 10 ? "0" : "") + "\(f)"
        }
        func oneDecimal(_ v: Double) -> String {
            let tenths = Int((v * 10).rounded())
            return "\(tenths / 10).\(tenths % 10)"
        }
        func twoDecimals(_ v: Double) -> String {
            let hundredths = Int((v * 100).rounded())
            let fraction = hundredths % 100
            return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
        }
        var g = SeededGenerator(seed: 41)
        var values = Self.edges.filter { $0.magnitude < 1e12 }
        for _ in 0..<3000 { values.append(Double.random(in: -100...5000, using: &g)) }
        for _ in 0..<1000 { values.append(Double(Int.random(in: 0...100_000, using: &g)) / 1000) }
        for v in values {
            #expect(DecimalText.scaled(v, places: 3) == ms3(v), "\(v)")
            #expect(DecimalText.scaled(v, places: 1) == oneDecimal(v), "\(v)")
            #expect(DecimalText.scaled(v, places: 2) == twoDecimals(v), "\(v)")
        }
        #expect(DecimalText.scaled(0.0625, places: 3) == "0.063")
        #expect(DecimalText.scaled(4.6, places: 2) == "4.60")
        #expect(DecimalText.scaled(7, places: 0) == "7")
    }

    @Test func trimmedAndRoundedMatchTheLayoutsFormula() {
        func reference(_ v: Double) -> String {
            let r = (v * 100).rounded() / 100
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        var g = SeededGenerator(seed: 42)
        var values = Self.edges.filter { $0.magnitude < 1e12 }
        for _ in 0..<3000 { values.append(Double.random(in: -1000...1000, using: &g)) }
        for v in values {
            #expect(DecimalText.trimmed(v, places: 2) == reference(v), "\(v)")
            #expect(DecimalText.rounded(v, places: 2) == (v * 100).rounded() / 100 || v.isNaN, "\(v)")
        }
        #expect(DecimalText.trimmed(12.5, places: 2) == "12.5")
        #expect(DecimalText.trimmed(12.004, places: 2) == "12")
        #expect(DecimalText.rounded(0.12345, places: 4) == 0.1235)
    }
}
