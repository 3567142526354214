// `sudokit info IMAGE...`: format, stored size, EXIF orientation and upright size of
// each image, as text or JSON lines. Also offers `ImageCodecError.exitCode` and
// `readImageInput(_:)`, the front end's mapping of image errors and of '-' to stdin.
import ImageCodecs

extension ImageCodecError {
    /// 66 when the input could not be opened or read, 65 for bad image data, 70 for a
    /// failure of our own.
    var exitCode: ExitCode {
        switch kind {
        case .cannotOpen: .noInput
        case .empty, .unknownFormat, .truncated, .corrupt, .unsupported, .tooLarge: .dataError
        case .encodingFailed, .internalFailure: .software
        }
    }
}

/// The bytes of a command-line image argument: '-' is standard input (named "<stdin>").
func readImageInput(_ argument: String) throws(ImageCodecError) -> (bytes: [UInt8], source: String) {
    if argument == "-" { return (try FileBytes.readStandardInput(), "<stdin>") }
    return (try FileBytes.read(atPath: argument), argument)
}

/// A JSON string literal for `text` (quotes, backslashes and control characters escaped).
private func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

let infoCommand = Command(
    name: "info",
    summary: "Show each image's format, stored size, EXIF orientation and upright size.",
    usage: "[--json] IMAGE...",
    discussion: """
        Decodes each IMAGE completely, so a truncated or corrupt file is reported, and
        prints one line per image:
          photo.jpg: JPEG 4032x3024, EXIF orientation 6, upright 3024x4032
        The format comes from the file's first bytes, not its name. '-' reads an image
        from standard input. A file that fails is reported on stderr as
        'Error: FILE: REASON' and the others are still read; the exit status is the
        worst seen: 66 cannot open, 65 not a usable image, 0 all fine.

        EXAMPLES:
          sudokit info TestImages/formats/jpeg-exif6.jpg
          sudokit info --json photo.jpg scan.png
          cat photo.jpg | sudokit info -
        """,
    options: [
        .flag("json", "One JSON object per line: file, format, width, height, exifOrientation, uprightWidth, uprightHeight.")
    ],
    run: { parsed in
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("info needs at least one IMAGE (or '-' for standard input)") }
        let json = parsed.flag("json")
        var worst = ExitCode.success
        for argument in parsed.positionals {
            do throws(ImageCodecError) {
                let input = try readImageInput(argument)
                let d = try ImageDecoder.decode(input.bytes, source: input.source)
                if json {
                    print("{\"file\":\(jsonString(input.source)),\"format\":\"\(d.format.rawValue)\","
                          + "\"width\":\(d.storedWidth),\"height\":\(d.storedHeight),"
                          + "\"exifOrientation\":\(d.exifOrientation),"
                          + "\"uprightWidth\":\(d.image.width),\"uprightHeight\":\(d.image.height)}")
                } else {
                    print("\(input.source): \(d.format.displayName) \(d.storedWidth)x\(d.storedHeight), "
                          + "EXIF orientation \(d.exifOrientation), upright \(d.image.width)x\(d.image.height)")
                }
            } catch {
                printError("Error: \(error)")
                if error.exitCode.rawValue > worst.rawValue { worst = error.exitCode }
            }
        }
        return worst
    })
