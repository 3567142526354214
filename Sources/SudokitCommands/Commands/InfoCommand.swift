// Offers: `InfoCommand`, `sudokit info IMAGE...`: format, stored size, EXIF
// orientation and upright size of each image, as text or JSON.

import ArgumentParsing
import Basics
import ImageCodecs
import Raster
import SudokuCore

struct InfoCommand: Command {
    struct Arguments: ParsableArguments {
        var images: [String] = []
        var format = ListFormat.text

        static var options: [Option<Self>] {
            [
                .listFormat(
                    \.format,
                    record: "an object per image with file, format, width, height, "
                        + "exif_orientation, upright_width, upright_height")
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "image", \.images, minimum: 1,
                help: "A PNG, JPEG, HEIC/HEIF, AVIF or WebP file, or '-' for standard input.")
        }
    }

    static let help = CommandHelp(
        name: "info",
        abstract: "Show each image's format, stored size, EXIF orientation and upright size.",
        discussion: """
            Decodes each IMAGE completely, so a truncated or corrupt file is reported, and
            prints one line per image:
              photo.jpg: JPEG 4032x3024, EXIF orientation 6, upright 3024x4032
            The format comes from the file's first bytes, not its name. HEIC/HEIF and AVIF
            are turned upright by their own rotation (irot/imir); an EXIF orientation in
            them is shown as '(not applied)'. A file that fails
            is reported on stderr as 'Error: FILE: REASON' and the others are still read.
            """,
        exitStatus: [
            ("0", "every image was read"),
            ("65", "an image is not usable (the worst code seen wins)"),
            ("66", "an image cannot be opened"),
        ],
        examples: [
            "sudokit info TestImages/formats/jpeg-exif6.jpg",
            "sudokit info --format json TestImages/newspaper/image1.jpg TestImages/formats/png-rgb8.png",
            "cat TestImages/newspaper/image1.jpg | sudokit info -",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        var worst = ExitCode.success
        var records = a.format.records
        defer { records?.finish() }
        for argument in a.images {
            do throws(ImageCodecError) {
                let input = try ImageInput.read(argument)
                let d = try ImageDecoder.decode(input.bytes, source: input.source)
                switch a.format {
                case .json, .jsonl:
                    records?.print(
                        JSONText.object([
                            ("file", JSONText.quoted(input.source)), ("format", JSONText.quoted(d.format.rawValue)),
                            ("width", String(d.storedWidth)), ("height", String(d.storedHeight)),
                            ("exif_orientation", String(d.exifOrientation)),
                            ("upright_width", String(d.image.width)), ("upright_height", String(d.image.height)),
                        ]))
                case .text:
                    // HEIF and AVIF are turned by their irot/imir; an EXIF orientation inside is not applied.
                    let applied = d.format.appliesExifOrientation || d.exifOrientation == 1 ? "" : " (not applied)"
                    Console.out(
                        "\(input.source): \(d.format.displayName) \(d.storedWidth)x\(d.storedHeight), "
                            + "EXIF orientation \(d.exifOrientation)\(applied), upright "
                            + "\(d.image.width)x\(d.image.height)"
                    )
                }
            } catch {
                Console.error(error.description)
                worst = ExitCode.worst(worst, error.exitCode)
            }
        }
        return worst
    }
}

/// The bytes of a command-line image argument: `-` is standard input (named `<stdin>`).
package enum ImageInput {
    package static func read(_ argument: String) throws(ImageCodecError) -> (bytes: [UInt8], source: String) {
        if argument == "-" { return (try FileBytes.readStandardInput(), "<stdin>") }
        return (try FileBytes.read(atPath: argument), argument)
    }
}
