import Foundation
import TestSupport
import Testing

/// `scan --debug DIR` writes the overlays a person checks by eye: the photo with
/// its candidate framings, the ink mask the grid search saw, and the rectified
/// grid with the lattice and glyphs, each as PNG and as SVG.
@Suite(.tags(.medium)) struct ScanDebugCLITests {
    @Test func debugWritesTheFramingAndCellOverlaysAsPNGAndSVG() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-debug-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg").path
        let r = try runSudokit(["scan", "--format", "line", "--debug", dir.path, photo])
        #expect(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        // The hidden marker tells a later scan to pass the folder over.
        #expect(
            names == [
                ".sudokit-debug", "image1_jpg-cells.png", "image1_jpg-cells.svg", "image1_jpg-framings.png",
                "image1_jpg-framings.svg", "image1_jpg-mask.png", "image1_jpg-mask.svg",
            ])
        // All are PNGs that the project's own decoder reads back at the expected
        // sizes (the mask at the search's working size: a 640 x 480 photo is not shrunk).
        for (name, size) in [
            ("image1_jpg-framings.png", "640x480"), ("image1_jpg-cells.png", "432x432"),
            ("image1_jpg-mask.png", "640x480"),
        ] {
            let info = try runSudokit(["info", dir.appendingPathComponent(name).path])
            #expect(info.status == 0)
            #expect(info.stdout.contains("PNG \(size)"), "\(info.stdout)")
        }
        // Each SVG is the same picture: its size, the picture under it embedded as
        // a PNG, and (on the framings) the chosen framing drawn over it.
        let framings = try String(contentsOf: dir.appendingPathComponent("image1_jpg-framings.svg"), encoding: .utf8)
        #expect(framings.contains("width=\"640\" height=\"480\" viewBox=\"0 0 640 480\""))
        #expect(
            framings.contains(
                "<image class=\"photo\" x=\"0\" y=\"0\" width=\"640\" height=\"480\" preserveAspectRatio=\"none\" "
                    + "href=\"data:image/png;base64,iVBORw0KGgo"
            ))
        #expect(framings.components(separatedBy: "<line class=\"chosen\"").count == 5)
        let cells = try String(contentsOf: dir.appendingPathComponent("image1_jpg-cells.svg"), encoding: .utf8)
        #expect(cells.components(separatedBy: "<rect class=\"glyph\"").count > 17)
    }

    /// A phone photo whose candidate framing's corner lies off the picture: the
    /// overlays clip it (this once crashed the scan).
    @Test func aFramingCornerOffThePhotoIsDrawnClipped() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-debug-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = packageRoot().appendingPathComponent("TestImages/phone-full/kubiesa-train-02_26_iphone_14_1.jpg")
            .path
        let r = try runSudokit(["scan", "--format", "line", "--debug", dir.path, photo])
        #expect(r.status != 70 && r.stderr.isEmpty, "\(r.status): \(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.contains("kubiesa-train-02_26_iphone_14_1_jpg-framings.png"), "\(names)")
        #expect(names.contains("kubiesa-train-02_26_iphone_14_1_jpg-framings.svg"), "\(names)")
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
