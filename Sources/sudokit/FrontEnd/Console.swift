// Offers: `Console`, the front end's only way to print: results to stdout,
// messages to stderr (`Error: ...`, `note: ...`, progress), and the one way to
// end the process.

#if canImport(Glibc)
import Glibc
#endif

enum Console {
    /// Writes `text` to standard output (buffered).
    static func out(_ text: String, terminator: String = "\n") {
        print(text, terminator: terminator)
    }

    /// Sends what is buffered for stdout now (a figure as soon as it is measured).
    static func flush() { fflush(nil) }

    /// Writes `text` to standard error, unbuffered, in as few write(2) calls as the kernel allows.
    static func err(_ text: String, terminator: String = "\n") {
        var line = text + terminator
        line.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
        }
    }

    /// `Error: MESSAGE` on stderr.
    static func error(_ message: String) { err("Error: " + message) }

    /// `note: MESSAGE` on stderr (what was skipped or kept; `--quiet` silences these).
    static func note(_ message: String) { err("note: " + message) }

    /// Flushes stdout and ends the process with `code` at once, without running
    /// exit handlers (worker threads may still be running). The only exit of the program.
    static func terminate(_ code: ExitCode) -> Never {
        fflush(nil)
        _exit(code.rawValue)
    }
}
