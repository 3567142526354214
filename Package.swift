// swift-tools-version:6.0
// sudokit: reads sudoku puzzles from photographs, solves and grades them.
// Layers, lowest first: Basics (JSON and decimal text, the work pool, clocks), C shims
// -> Raster -> ImageCodecs -> Geometry -> Drawing (the drawing kit: scenes, rasteriser, SVG,
// text through FreeType), GridVision -> TesseractOCR, GlyphModels
// -> SudokuCore -> SudokuLogic (the engine), BoardLayout, GridScanner
// -> Coaching, Grading (over the engine) -> BoardRendering, Evaluation -> TerminalUI (the
// terminal game's screen, over ncurses) -> SudokitCommands (the
// commands a person uses, with the front end the programs share and its own ArgumentParsing)
// -> SudokitLab (the project's measuring and data-building commands) -> the executables
// sudokit and sudokit-lab (entry points only).
import PackageDescription

var fuzzTargets: [Target] = []
var fuzzProducts: [Product] = []
// Fuzz targets (Sources/Fuzz/NAME/main.swift), only when SUDOKIT_FUZZ is set, so
// that normal builds and `swift test` never see them. Each defines
// LLVMFuzzerTestOneInput and no top-level code: with --sanitize=fuzzer SwiftPM
// compiles main.swift as a library and libFuzzer supplies main (see scripts/fuzz).
if Context.environment["SUDOKIT_FUZZ"] != nil {
    let fuzzers: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzImageDecode", ["ImageCodecs", "Raster"]),
        ("FuzzExif", ["ImageCodecs"]),
        ("FuzzPuzzleText", ["SudokuCore"]),
        ("FuzzJournal", ["GridScanner"]),
        ("FuzzEvaluationFiles", ["Evaluation", "Geometry"]),
        ("FuzzScan", ["GridScanner", "ImageCodecs", "Raster", "Geometry"]),
        ("FuzzWebAPI", ["SudokitCommands", "GameCore", "HTTPServer"]),
        ("FuzzHTTPRequest", ["HTTPServer"]),
    ]
    for f in fuzzers {
        fuzzTargets.append(
            .executableTarget(name: f.name, dependencies: f.dependencies, path: "Sources/Fuzz/" + f.name))
        fuzzProducts.append(.executable(name: f.name, targets: [f.name]))
    }
}

let package = Package(
    name: "sudokit",
    products: [
        .executable(name: "sudokit", targets: ["sudokit"]),
        .executable(name: "sudokit-lab", targets: ["sudokit-lab"]),
        .library(name: "SudokuCore", targets: ["SudokuCore"]),
        .library(name: "SudokuLogic", targets: ["SudokuLogic"]),
        .library(name: "Coaching", targets: ["Coaching"]),
        .library(name: "Grading", targets: ["Grading"]),
        .library(name: "GridScanner", targets: ["GridScanner"]),
        .library(name: "Evaluation", targets: ["Evaluation"]),
    ] + fuzzProducts,
    targets: [
        // MARK: C layer
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(
            name: "CTesseract", pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng"])]),
        // HEIC/HEIF and AVIF (libheif with its libde265, dav1d and aom decoders), and WebP.
        // Both report errors as return values, so Swift calls them directly (no C shim).
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .target(name: "CImageShims", dependencies: ["CPNG", "CJPEG"]),
        // The terminal library for the full-screen game: ncursesw (wide characters); the shim
        // wraps what Swift does not import (function-like macros, C globals, the locale).
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),
        // The embedded HTTP server library under `sudokit serve`; the shim calls its variadic functions.
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // FreeType, which sets the pictures' text (Drawing's Typeface) in the typeface compiled in below.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // DejaVu Sans and DejaVu Sans Bold (subsets, Fonts/ with their licence) as C byte arrays
        // (dejavu-sans.generated.c, by scripts/make-font): the program reads no font file at run time.
        .target(name: "CDejaVuSans", exclude: ["Fonts"]),

        // MARK: pure Swift layers
        // The bottom drawer: the JSON writer, decimal text, the ordered work pool,
        // clocks and statistics, which every layer above may use (no dependencies).
        .target(name: "Basics"),
        .target(name: "Raster"),
        .target(name: "ImageCodecs", dependencies: ["Raster", "CImageShims", "CHeif", "CWebP"]),
        // Point, Quad, Frame and the homography; Basics for the frames' text.
        .target(name: "Geometry", dependencies: ["Basics"]),
        // The one drawing kit, on Geometry's Point and Frame: a Scene of shapes (and images),
        // rasterised to an RGBImage or written as SVG, text set in DejaVu Sans through FreeType.
        // Board pictures and the scan's debug overlays both draw with it.
        .target(name: "Drawing", dependencies: ["Basics", "Geometry", "Raster", "CFreeType", "CDejaVuSans"]),
        .target(name: "GridVision", dependencies: ["Raster", "Geometry"]),
        .target(name: "TesseractOCR", dependencies: ["Raster", "CTesseract"]),
        // The three models the project trains itself (the digit classifier, the kind classifier,
        // the hand reader): their weights are compiled in (*Weights.generated.swift); Resources/
        // holds the same files and their provenance.
        .target(name: "GlyphModels", dependencies: ["Raster"], exclude: ["Resources"]),
        .target(name: "SudokuCore", dependencies: ["Basics"]),
        // The solving engine: human techniques as a ladder of rungs, steps as data.
        .target(name: "SudokuLogic", dependencies: ["Basics", "SudokuCore"]),
        // Coaching over the engine: hints and their levels, the narration guard, drills,
        // the next step from a player's position, the game state a player edits.
        // Resources/drill-pool.txt is compiled in (DrillPool.generated.swift), like the classifier's weights.
        .target(name: "Coaching", dependencies: ["Basics", "SudokuLogic", "SudokuCore"], exclude: ["Resources"]),
        // The game core the terminal player and the web page share: a sitting of a game (moves,
        // undo and redo, check, hints level by level, the timer), its event log (one JSON line
        // per change, replayed and merged) and the folder of a player's games.
        .target(name: "GameCore", dependencies: ["Basics", "Coaching", "Grading", "SudokuLogic", "SudokuCore"]),
        // Grading over the engine: tiers, grades, calibration, the generator, the daily pool and
        // the tier-11 seeds (Resources/, compiled in as DailyPool and HardSeeds .generated.swift).
        .target(name: "Grading", dependencies: ["Basics", "SudokuLogic", "SudokuCore"], exclude: ["Resources"]),
        // The layout function: cell size, board and key frames for any rectangle (pure calculation).
        .target(name: "BoardLayout", dependencies: ["Basics", "Geometry"]),
        // Boards and hint steps drawn as a scene of the drawing kit, with their palette (pure Swift).
        .target(
            name: "BoardRendering",
            dependencies: [
                "Basics", "BoardLayout", "Drawing", "Geometry", "Coaching", "SudokuLogic", "SudokuCore", "Raster",
            ]),
        // The full-screen terminal game's screen: its layout in character cells, the board, panel,
        // help and too-small screens painted into a canvas of styled characters (pure Swift), and
        // `Terminal`, the one user of ncurses (CNcurses), which shows a canvas and reads keys.
        .target(
            name: "TerminalUI",
            dependencies: ["BoardLayout", "BoardRendering", "Drawing", "SudokuCore", "SudokuLogic", "CNcurses"]),
        .target(
            name: "GridScanner",
            dependencies: [
                "Basics", "Raster", "ImageCodecs", "Geometry", "Drawing", "GridVision", "TesseractOCR",
                "GlyphModels", "SudokuCore",
            ]),
        .target(name: "Evaluation", dependencies: ["Basics", "GridScanner", "Geometry", "SudokuCore"]),
        // A small HTTP server over libmicrohttpd: one Swift handler per complete request, with limits on
        // body size, time and connections, safety headers, and safe paths and query decoding.
        .target(name: "HTTPServer", dependencies: ["Basics", "CMicroHTTPD"]),

        // MARK: program
        .target(name: "ArgumentParsing"),
        // The commands use the libraries' public API only: never GridVision or
        // TesseractOCR under GridScanner. Tests call them in-process.
        .target(
            name: "SudokitCommands",
            dependencies: [
                "ArgumentParsing", "Basics", "Raster", "ImageCodecs", "Geometry", "SudokuCore", "SudokuLogic",
                "Coaching", "GameCore", "TerminalUI", "HTTPServer", "Grading", "GridScanner", "Evaluation",
                "BoardLayout",
                "BoardRendering",
                "Drawing",
            ]),
        // Benchmarks, calibration and the drill pool's search, over the same front end.
        .target(
            name: "SudokitLab",
            dependencies: [
                "SudokitCommands", "ArgumentParsing", "Basics", "Raster", "ImageCodecs", "SudokuCore", "SudokuLogic",
                "Coaching", "Grading", "GridScanner", "GlyphModels",
            ]),
        // The programs: each an entry point that runs its command table.
        .executableTarget(name: "sudokit", dependencies: ["SudokitCommands"]),
        .executableTarget(name: "sudokit-lab", dependencies: ["SudokitLab", "SudokitCommands"]),

        // MARK: tests
        // What every test target shares: tags, the package root, the puzzle sets, a seeded generator.
        .target(name: "TestSupport", dependencies: ["SudokuCore"], path: "Tests/TestSupport"),
        .testTarget(name: "BasicsTests", dependencies: ["Basics", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"]),
        .testTarget(name: "ImageCodecsTests", dependencies: ["ImageCodecs", "Raster", "TestSupport"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "TestSupport"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing", "Geometry", "Raster", "TestSupport"]),
        .testTarget(
            name: "GridVisionTests", dependencies: ["GridVision", "ImageCodecs", "Raster", "Geometry", "TestSupport"]),
        .testTarget(
            name: "TesseractOCRTests", dependencies: ["TesseractOCR", "Raster", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "GlyphModelsTests",
            dependencies: ["GlyphModels", "GridScanner", "Raster", "SudokuCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SudokuCoreTests", dependencies: ["SudokuCore", "TestSupport"]),
        // The rungs' positions as text (Fixtures/positions, PositionFile reads them), for the engine's and the
        // coaching's tests.
        .target(
            name: "RungPositions", dependencies: ["SudokuLogic", "SudokuCore", "TestSupport"],
            path: "Tests/RungPositions",
            exclude: ["Fixtures"]),
        .testTarget(
            name: "SudokuLogicTests", dependencies: ["SudokuLogic", "SudokuCore", "RungPositions", "TestSupport"]),
        .testTarget(
            name: "CoachingTests",
            dependencies: ["Coaching", "SudokuLogic", "SudokuCore", "RungPositions", "TestSupport"]),
        .testTarget(
            name: "GameCoreTests",
            dependencies: ["GameCore", "Coaching", "Grading", "SudokuLogic", "SudokuCore", "TestSupport"]),
        .testTarget(name: "GradingTests", dependencies: ["Grading", "SudokuLogic", "SudokuCore", "TestSupport"]),
        .testTarget(name: "BoardLayoutTests", dependencies: ["BoardLayout", "Geometry", "TestSupport"]),
        .testTarget(
            name: "BoardRenderingTests",
            dependencies: [
                "BoardRendering", "BoardLayout", "Drawing", "Geometry", "Coaching", "SudokuLogic", "SudokuCore",
                "Raster", "ImageCodecs", "TestSupport",
            ]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "BoardLayout", "BoardRendering", "Coaching", "SudokuCore", "SudokuLogic", "TestSupport",
            ]),
        .testTarget(
            name: "GridScannerTests",
            dependencies: [
                "GridScanner", "Drawing", "GlyphModels", "TesseractOCR", "Raster", "SudokuCore", "ImageCodecs",
                "TestSupport",
            ]),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "GridScanner", "SudokuCore", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing", "TestSupport"]),
        .testTarget(
            name: "SudokitCommandsTests",
            dependencies: [
                "SudokitCommands", "HTTPServer", "GridScanner", "Coaching", "SudokuLogic", "SudokuCore", "TestSupport",
            ]),
        .testTarget(name: "CLITests", dependencies: ["sudokit", "sudokit-lab", "TestSupport"]),
        // Nothing in the repository reads outside it.
        .testTarget(name: "RepositoryTests", dependencies: ["TestSupport"]),
    ] + fuzzTargets,
    swiftLanguageModes: [.v6]
)

// One block of Swift settings for every Swift target, tests and fuzzers included
// (the language mode, Swift 6 with strict concurrency, is set above for all):
// - MemberImportVisibility (SE-0444): a file sees the members of a module only
//   when it imports that module itself, so each file's imports say what it uses.
// - ExistentialAny (SE-0335): an existential is written `any P`, so its cost shows.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("ExistentialAny"),
]
for target in package.targets where target.type != .system && !["CImageShims", "CDejaVuSans"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
