// Offers: the one message and exit-code policy of `sudokit`: `ExitCode` (the
// codes, after sysexits.h), `ExitCode.worst` (the rule that picks one code for a
// run with many results), `CLIError` (a message for stderr with its code), and the
// mapping of every library error to a `CLIError`. No other file decides a code.
//
// The rule, for every command: 0 when each result is the proven answer to what
// was asked (a complete, valid grid is one: `grade`, `hint`, `explain` and
// `solve` exit 0 on it; `scan --locate-only` asks for corners, so `located` is
// 0); 1 when the command ran but a result is not one (not verified, no or
// several solutions, a wrong answer), said on stdout, never as `Error:`; 64 and
// up when the command could not do what was asked (a value out of range, such
// as a `daily --tier` the pool has no puzzle of, is a usage error, 64).

import Evaluation
import GridScanner
import ImageCodecs
import SudokuCore

/// A process exit code. The values follow sysexits.h where one fits.
package struct ExitCode: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int32

    /// Done; for `scan` every photo solved, for `solve` every puzzle unique.
    package static let success = ExitCode(rawValue: 0)
    /// Ran, but a result is not verified (no unique solution, no grid, a regression, ...).
    package static let notVerified = ExitCode(rawValue: 1)
    /// EX_USAGE: the command line is wrong.
    package static let usage = ExitCode(rawValue: 64)
    /// EX_DATAERR: an input is not usable data (not an image, bad puzzle text, bad truth file).
    package static let dataError = ExitCode(rawValue: 65)
    /// EX_NOINPUT: an input cannot be opened.
    package static let noInput = ExitCode(rawValue: 66)
    /// EX_UNAVAILABLE: the digit reader cannot start (no language data).
    package static let unavailable = ExitCode(rawValue: 69)
    /// EX_SOFTWARE: a failure of sudokit itself.
    package static let software = ExitCode(rawValue: 70)
    /// EX_CANTCREAT: an output file or folder cannot be created.
    package static let cannotCreate = ExitCode(rawValue: 73)
    /// EX_IOERR: writing an output failed (disk full, fsync, rename).
    package static let ioError = ExitCode(rawValue: 74)

    /// 128 + the signal's number, as shells report a process ended by it (130 SIGINT, 143 SIGTERM).
    package static func interrupted(by signal: Int32) -> ExitCode { ExitCode(rawValue: 128 + signal) }

    /// How serious a code is: the worst of a run's results decides its exit code.
    private var severity: Int {
        switch self {
        case .success: 0
        case .notVerified: 1
        case .dataError: 2
        case .noInput: 3
        case .cannotCreate: 4
        case .ioError: 5
        case .unavailable: 6
        case .software: 7
        case .usage: 8
        default: 9  // interrupted
        }
    }

    /// The more serious of two codes: errors over unverified results over success,
    /// a file that cannot be opened over one with bad data, our own failures over both.
    package static func worst(_ a: ExitCode, _ b: ExitCode) -> ExitCode { a.severity >= b.severity ? a : b }

    package var description: String { String(rawValue) }
}

/// An error the front end prints as `Error: MESSAGE` on stderr and exits with `code`.
package struct CLIError: Error, CustomStringConvertible {
    package var message: String
    package var code: ExitCode

    package init(message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    package static func usage(_ message: String) -> CLIError { CLIError(message: message, code: .usage) }
    package static func data(_ message: String) -> CLIError { CLIError(message: message, code: .dataError) }
    package static func noInput(_ message: String) -> CLIError { CLIError(message: message, code: .noInput) }
    package static func cannotCreate(_ message: String) -> CLIError { CLIError(message: message, code: .cannotCreate) }
    package static func ioError(_ message: String) -> CLIError { CLIError(message: message, code: .ioError) }
    package static func software(_ message: String) -> CLIError { CLIError(message: message, code: .software) }

    package var description: String { message }
}

// MARK: - Library errors

extension ImageCodecError {
    /// 66 when the input could not be opened or read, 65 for bad image data, 70 for a
    /// failure of our own.
    package var exitCode: ExitCode {
        switch kind {
        case .cannotOpen: .noInput
        case .empty, .unknownFormat, .otherFormat, .truncated, .corrupt, .unsupported, .tooLarge: .dataError
        case .encodingFailed, .internalFailure: .software
        }
    }
}

extension CLIError {
    package init(_ error: ImageCodecError) { self.init(message: error.description, code: error.exitCode) }

    package init(_ error: ScanError) { self.init(message: error.description, code: error.exitCode) }

    package init(_ error: EvaluationError) {
        self.init(message: error.description, code: error.isCannotRead ? .noInput : .dataError)
    }

    /// A puzzle text error, located in `source`: `FILE:LINE:COLUMN: message` for
    /// text from a file or stdin, `argument N, column C: message` for an argument.
    package init(_ error: SudokuCoreError, in source: String, isArgument: Bool = false) {
        var text = source
        if isArgument {
            if case let .unexpectedCharacter(_, column, _, _) = error { text += ", column \(column)" }
        } else if let location = error.location {
            text += ":" + location
        }
        self.init(message: text + ": " + error.message, code: .dataError)
    }
}

extension ScanError {
    package var exitCode: ExitCode {
        switch self {
        case .decode(let e): e.exitCode
        case .readerUnavailable: .unavailable
        case .badClassifierWeights(_, _, let unreadable): unreadable ? .noInput : .dataError
        case .readingFailed: .software
        }
    }
}

extension ScanResult {
    /// The exit code this photo's result calls for.
    package var exitCode: ExitCode { exitCode(locateOnly: false) }

    /// The exit code this photo's result calls for; with `locateOnly` (all that
    /// was asked is the grid's corners) `located` is a success.
    package func exitCode(locateOnly: Bool) -> ExitCode {
        status == .error ? error?.exitCode ?? .software : Self.exitCode(status, locateOnly: locateOnly)
    }

    /// The exit code of a record's `status` (an `error` record: 65, its reason unknown).
    package static func exitCode(_ status: ScanStatus, locateOnly: Bool) -> ExitCode {
        switch status {
        case .solved: .success
        case .located: locateOnly ? .success : .notVerified
        case .unverified, .noGrid: .notVerified
        case .error: .dataError
        }
    }
}
