// swift-tools-version:6.0
// sudokit: reads sudoku puzzles from photographs, solves and grades them.
// Layers, lowest first: C shims -> Raster -> ImageCodecs -> Geometry -> GridVision
// -> DigitReader -> SudokuCore -> GridScanner -> sudokit (executable).
import PackageDescription

let package = Package(
    name: "sudokit",
    products: [
        .executable(name: "sudokit", targets: ["sudokit"]),
        .library(name: "SudokuCore", targets: ["SudokuCore"]),
        .library(name: "GridScanner", targets: ["GridScanner"]),
    ],
    targets: [
        // MARK: C layer
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(
            name: "CTesseract", pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng"])]),
        .target(name: "CImageShims", dependencies: ["CPNG", "CJPEG"]),

        // MARK: pure Swift layers
        .target(name: "Raster"),
        .target(name: "ImageCodecs", dependencies: ["Raster", "CImageShims"]),
        .target(name: "Geometry"),
        .target(name: "GridVision", dependencies: ["Raster", "Geometry"]),
        .target(name: "DigitReader", dependencies: ["Raster", "CTesseract"]),
        .target(name: "SudokuCore"),
        .target(
            name: "GridScanner",
            dependencies: ["Raster", "ImageCodecs", "Geometry", "GridVision", "DigitReader", "SudokuCore"]),

        // MARK: program
        .executableTarget(
            name: "sudokit",
            dependencies: ["Raster", "ImageCodecs", "SudokuCore", "GridScanner", "GridVision", "DigitReader"]),

        // MARK: tests
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "ImageCodecsTests", dependencies: ["ImageCodecs", "Raster"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "GridVisionTests", dependencies: ["GridVision", "ImageCodecs", "Raster", "Geometry"]),
        .testTarget(name: "DigitReaderTests", dependencies: ["DigitReader", "Raster"], exclude: ["Fixtures"]),
        .testTarget(name: "SudokuCoreTests", dependencies: ["SudokuCore"]),
        .testTarget(name: "GridScannerTests", dependencies: ["GridScanner", "SudokuCore", "ImageCodecs"]),
        .testTarget(name: "CLITests", dependencies: ["sudokit"]),
    ],
    swiftLanguageModes: [.v6]
)
