// HEIC/HEIF, AVIF and WebP end to end with the real binary: `info` lines (an EXIF
// orientation in a HEIF shown as not applied), folders that pick the new names and
// contents up, other formats named with a conversion, and the 12-megapixel phone HEIC
// and its WebP scanned to the same board as their JPEG source.
import Foundation
import TestSupport
import Testing

@Suite(.tags(.medium)) struct FormatsCLITests {
    let root = packageRoot()
    static let phoneJPEG = "TestImages/phone-full/kubiesa-train-03_11_iphone_14_1.jpg"

    @Test func infoReportsTheNewFormats() throws {
        let r = try runSudokit(
            [
                "info", "TestImages/formats/heif-irot.heic", "TestImages/formats/avif-q90.avif",
                "TestImages/formats/webp-exif6.webp", "TestImages/formats/photo-iphone14.heic",
            ],
            currentDirectory: root)
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                TestImages/formats/heif-irot.heic: HEIF 24x32, EXIF orientation 6 (not applied), upright 32x24
                TestImages/formats/avif-q90.avif: AVIF 32x24, EXIF orientation 1, upright 32x24
                TestImages/formats/webp-exif6.webp: WebP 24x32, EXIF orientation 6, upright 32x24
                TestImages/formats/photo-iphone14.heic: HEIF 4032x3024, EXIF orientation 1, upright 4032x3024

                """)
        let json = try runSudokit(
            ["info", "--format", "jsonl", "TestImages/formats/webp-lossy.webp"], currentDirectory: root)
        let record = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(record?["format"] as? String == "webp")
        #expect(record?["upright_width"] as? Int == 32)
    }

    @Test func otherFormatsAreNamedWithAConversion() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let tif = dir.appendingPathComponent("photo.tif")
        try Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 0, 0]).write(to: tif)
        let r = try runSudokit(["info", tif.path])
        #expect(r.status == 65)
        #expect(
            r.stderr == "Error: \(tif.path): a TIFF image, which sudokit does not read; convert it first, "
                + "for example: convert \(tif.path) \(dir.path)/photo.png\n")
        let scan = try runSudokit(["scan", "--format", "jsonl", tif.path])
        #expect(scan.status == 65)
        #expect(scan.stdout.contains("a TIFF image, which sudokit does not read"))
    }

    @Test func foldersPickUpTheNewFormatsByNameAndByContent() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let formats = root.appendingPathComponent("TestImages/formats")
        for (from, to) in [
            ("heif-q90.heic", "a.HEIC"), ("avif-q90.avif", "b.Avif"), ("webp-lossy.webp", "c.webp"),
            ("heif-irot.heic", "d-heif-by-content.bin"), ("webp-alpha.webp", "e-webp-by-content"),
        ] {
            try FileManager.default.copyItem(
                at: formats.appendingPathComponent(from), to: dir.appendingPathComponent(to))
        }
        for name in ["f-damaged.hif", "g-damaged.heif"] {
            try "not a picture".write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try "notes".write(to: dir.appendingPathComponent("h-notes.txt"), atomically: true, encoding: .utf8)
        let r = try runSudokit(["scan", "--locate-only", "--format", "jsonl", dir.path])
        let files = r.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["file"] as? String
        }
        #expect(
            files
                == [
                    "a.HEIC", "b.Avif", "c.webp", "d-heif-by-content.bin", "e-webp-by-content", "f-damaged.hif",
                    "g-damaged.heif",
                ].map { dir.path + "/" + $0 })
        #expect(r.stderr.contains("note: skipping \(dir.path)/h-notes.txt: not a PNG, JPEG, HEIF, AVIF or WebP\n"))
        #expect(r.status == 65, "the two damaged photos are data errors")
    }

    @Test(arguments: ["TestImages/formats/photo-iphone14.heic", "TestImages/formats/photo-iphone14.webp"])
    func phonePhotoScansToTheSameBoardAsItsJPEGSource(file: String) throws {
        func board(_ path: String) throws -> (status: String?, puzzle: String?) {
            let r = try runSudokit(["scan", "--format", "json", path], currentDirectory: root)
            let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
            let record = (parsed as? [[String: Any]])?.first ?? parsed as? [String: Any]
            return (record?["status"] as? String, record?["puzzle"] as? String)
        }
        let jpeg = try board(Self.phoneJPEG)
        let other = try board(file)
        #expect(jpeg.puzzle != nil && jpeg.puzzle?.count == 81)
        #expect(other.puzzle == jpeg.puzzle)
        #expect(other.status == jpeg.status)
    }
}
