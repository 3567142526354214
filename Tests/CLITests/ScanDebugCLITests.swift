import Foundation
import Testing
import TestSupport

/// `scan --debug DIR` writes the overlays a person checks by eye: the photo with
/// its candidate framings, the ink mask the grid search saw, and the rectified
/// grid with the lattice and glyphs.
@Suite(.tags(.medium)) struct ScanDebugCLITests {
    @Test func debugWritesTheFramingAndCellOverlaysAsPNG() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-debug-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg").path
        let r = try runSudokit(["scan", "--format", "line", "--debug", dir.path, photo])
        #expect(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        // The hidden marker tells a later scan to pass the folder over.
        #expect(names == [".sudokit-debug", "image1_jpg-cells.png", "image1_jpg-framings.png", "image1_jpg-mask.png"])
        // All are PNGs that the project's own decoder reads back at the expected
        // sizes (the mask at the search's working size: a 640 x 480 photo is not shrunk).
        for (name, size) in [("image1_jpg-framings.png", "640x480"), ("image1_jpg-cells.png", "432x432"),
                             ("image1_jpg-mask.png", "640x480")] {
            let info = try runSudokit(["info", dir.appendingPathComponent(name).path])
            #expect(info.status == 0)
            #expect(info.stdout.contains("PNG \(size)"), "\(info.stdout)")
        }
    }

    @Test func anUnwritableDebugFolderIsReported() throws {
        let photo = packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg").path
        let r = try runSudokit(["scan", "--debug", "/proc/no-such-folder/debug", photo])
        #expect(r.status == 73)
        #expect(r.stderr.hasPrefix("Error: cannot create directory '/proc/no-such-folder/debug'"))
    }

    /// An output that cannot be created is exit 73 (EX_CANTCREAT), before any photo is read.
    @Test func anOutputFileThatCannotBeCreatedExits73() throws {
        let photo = packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg").path
        for format in ["text", "jsonl"] {
            let r = try runSudokit(["scan", "--format", format, "--out", "/proc/no-such-folder/out.txt", photo])
            #expect(r.status == 73, "\(format): \(r.stderr)")
            #expect(r.stderr.hasPrefix("Error: cannot create '/proc/no-such-folder/"), "\(r.stderr)")
        }
    }
}
