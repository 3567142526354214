// Offers: `TextInput`, the whole of a text input (a file, or standard input for
// `-`) read through `FileBytes`, the package's one read-to-end.

import ImageCodecs

package enum TextInput {
    /// How `path` appears in messages: `<stdin>` for `-`.
    package static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The whole of `path` (standard input for `-`) as UTF-8 text; bytes that are
    /// not UTF-8 become U+FFFD, which the parsers then report with their place.
    /// - Throws: `CLIError.noInput` when it cannot be opened or read.
    package static func read(_ path: String) throws(CLIError) -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }

    /// The whole of `path` (standard input for `-`).
    /// - Throws: `CLIError.noInput` when it cannot be opened or read, `.data` past the size limit.
    package static func bytes(_ path: String) throws(CLIError) -> [UInt8] {
        do {
            return path == "-" ? try FileBytes.readStandardInput() : try FileBytes.read(atPath: path)
        } catch {
            throw CLIError(message: error.description, code: error.kind == .tooLarge ? .dataError : .noInput)
        }
    }
}
