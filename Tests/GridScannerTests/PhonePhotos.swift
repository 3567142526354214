// Offers the scans of the training phone photos (TestImages/phone) the
// suites check one cell of: `phoneScan(_:with:)` and `cellIndex(_:_:)`.

import Foundation
import TestSupport

@testable import GridScanner

/// The scan of `TestImages/phone/kubiesa-train-NAME.jpg` by `scanner`.
func phoneScan(_ name: String, with scanner: GridScanner) -> ScanResult {
    scanner.scan(path: packageRoot().appendingPathComponent("TestImages/phone/kubiesa-train-\(name).jpg").path)
}

/// The index (0...80) of the cell in row `row` and column `col`, both 1...9.
func cellIndex(_ row: Int, _ col: Int) -> Int { (row - 1) * 9 + col - 1 }
