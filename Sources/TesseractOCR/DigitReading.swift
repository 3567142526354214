// Offers: `DigitChoice`, `DigitReading`, `DigitRecognizer`: what reading one
// sudoku cell returns, independent of the engine that read it.

import Raster

/// One candidate digit with the engine's confidence in it.
public struct DigitChoice: Sendable, Hashable {
    /// 1...9.
    public var digit: Int
    /// 0...100, higher is surer. Comparable between choices of one reading; only
    /// roughly comparable between readings.
    public var confidence: Float

    public init(digit: Int, confidence: Float) {
        self.digit = digit
        self.confidence = confidence
    }
}

/// What an engine read in one glyph crop.
public struct DigitReading: Sendable, Hashable {
    /// 1...9, or 0 when nothing was read.
    public var digit: Int
    /// Confidence in `digit`, 0...100; 0 when nothing was read.
    public var confidence: Float
    /// Candidate digits, best first, each digit at most once. When `digit != 0`
    /// the first element is `digit`; empty when nothing was read.
    public var alternatives: [DigitChoice]

    public init(digit: Int, confidence: Float, alternatives: [DigitChoice]) {
        self.digit = digit
        self.confidence = confidence
        self.alternatives = alternatives
    }

    /// Nothing read.
    public static let nothing = DigitReading(digit: 0, confidence: 0, alternatives: [])
}

/// Reads the digit in a crop of one sudoku cell.
///
/// Conformers are in general not thread-safe: create one per worker task.
public protocol DigitRecognizer {
    /// Reads one glyph.
    /// - Parameter crop: grey, dark ink on lighter paper, holding one glyph with a
    ///   small margin of paper around it (see `GlyphNormalizer` for what is done to it).
    /// - Throws: `TesseractOCRError` when the engine fails; an unreadable glyph is
    ///   not an error but `DigitReading.nothing`.
    func read(_ crop: GrayImage) throws -> DigitReading

    /// Reads several glyphs; element `i` of the result belongs to `crops[i]`.
    /// The default calls `read(_:)` for each crop.
    func read(_ crops: [GrayImage]) throws -> [DigitReading]
}

extension DigitRecognizer {
    public func read(_ crops: [GrayImage]) throws -> [DigitReading] {
        try crops.map { try read($0) }
    }
}
