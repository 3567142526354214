// Offers: `Console`, the front end's only way to print: results to stdout,
// messages to stderr (`Error: ...`, `note: ...`), the one status line (a
// progress bar, cleared before anything else is written), and the one way to
// end the process.

import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

package enum Console {
    /// The line redrawn in place at the bottom of a terminal (a progress bar),
    /// when one is shown: every other write clears it first, so a record or a
    /// message never starts glued to it.
    private static let statusLine = Mutex<String?>(nil)
    /// Whether stdout is a terminal (then it may share the screen with the status line).
    private static let stdoutIsTerminal = isatty(1) == 1

    /// Writes `text` to standard output (buffered). When a status line is shown
    /// and stdout is a terminal, the line is cleared first, and drawn again after
    /// `text` when `text` ends a line.
    package static func out(_ text: String, terminator: String = "\n") {
        guard stdoutIsTerminal else {
            print(text, terminator: terminator)
            return
        }
        statusLine.withLock { status in
            guard let shown = status else {
                print(text, terminator: terminator)
                return
            }
            write(toStandardError: "\r\u{1B}[K")
            print(text, terminator: terminator)
            fflush(nil)
            if (text + terminator).hasSuffix("\n") {
                write(toStandardError: shown)
            } else {
                status = nil
            }
        }
    }

    /// Sends what is buffered for stdout now (a figure as soon as it is measured).
    package static func flush() { fflush(nil) }

    /// Writes `text` to standard error, unbuffered, in as few write(2) calls as the
    /// kernel allows. A status line shown is cleared first, and drawn again after
    /// `text` when `text` ends a line.
    package static func err(_ text: String, terminator: String = "\n") {
        statusLine.withLock { status in
            guard let shown = status else {
                write(toStandardError: text + terminator)
                return
            }
            if (text + terminator).hasSuffix("\n") {
                write(toStandardError: "\r\u{1B}[K" + text + terminator + shown)
            } else {
                write(toStandardError: "\r\u{1B}[K" + text + terminator)
                status = nil
            }
        }
    }

    /// Draws `line` as the status line on stderr (a terminal), replacing the one
    /// shown; nil removes it. Only `BatchProgress` draws one.
    package static func status(_ line: String?) {
        statusLine.withLock { status in
            if let line {
                write(toStandardError: "\r" + line + "\u{1B}[K")
            } else if status != nil {
                write(toStandardError: "\r\u{1B}[K")
            }
            status = line
        }
    }

    /// `Error: MESSAGE` on stderr.
    package static func error(_ message: String) { err("Error: " + message) }

    /// `note: MESSAGE` on stderr (what was skipped or kept; `--quiet` silences these).
    package static func note(_ message: String) { err("note: " + message) }

    /// Flushes stdout and ends the process with `code` at once, without running
    /// exit handlers (worker threads may still be running). The only exit of the program.
    package static func terminate(_ code: ExitCode) -> Never {
        fflush(nil)
        _exit(code.rawValue)
    }

    /// `text` on fd 2 in as few write(2) calls as the kernel allows.
    private static func write(toStandardError text: String) {
        var line = text
        line.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
        }
    }
}
