// Offers: `OutputFiles`, the POSIX writes behind every output file of `sudokit`:
// a hidden temporary file beside the target, written, fsynced and renamed over it,
// so that a file appears whole or not at all; and folders created on demand.
// Failing to create a file is exit 73, failing to write one 74.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The POSIX file operations behind atomic output.
package enum OutputFiles {
    /// `DIR/.NAME.tmp-PID` for `DIR/NAME`: hidden, in the same folder (so that
    /// rename(2) is atomic), and unique to this process.
    package static func temporaryPath(for path: String) -> String {
        let dir = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temp = ".\(name).tmp-\(getpid())"
        return dir.isEmpty ? temp : (dir as NSString).appendingPathComponent(temp)
    }

    /// Opens `path` for writing with `flags` added to `O_WRONLY | O_CLOEXEC`.
    /// - Throws: `CLIError.cannotCreate` (73) naming the file and the reason.
    package static func open(_ path: String, flags: Int32) throws(CLIError) -> Int32 {
        let fd = Glibc.open(path, O_WRONLY | O_CLOEXEC | flags, 0o644)
        guard fd >= 0 else { throw CLIError.cannotCreate("cannot create '\(path)': \(errorText())") }
        return fd
    }

    /// Writes all of `bytes` to `fd`: one write(2) unless the kernel takes less.
    /// - Throws: `CLIError.ioError` (74) on a write error (disk full, ...).
    package static func write(_ fd: Int32, _ bytes: [UInt8], path: String) throws(CLIError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw CLIError.ioError("cannot write '\(path)': \(errorText())") }
            offset += n
        }
    }

    /// fsync(2), failing loudly: data that did not reach the disk must not be renamed into place.
    package static func sync(_ fd: Int32, path: String) throws(CLIError) {
        guard fsync(fd) == 0 else { throw CLIError.ioError("cannot write '\(path)': fsync: \(errorText())") }
    }

    /// Renames `from` over `to`, then fsyncs their folder so the rename itself is durable.
    package static func rename(_ from: String, over to: String) throws(CLIError) {
        guard Glibc.rename(from, to) == 0 else {
            throw CLIError.ioError("cannot rename '\(from)' to '\(to)': \(errorText())")
        }
        let dir = (to as NSString).deletingLastPathComponent
        let fd = Glibc.open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }

    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Refuses an output FILE that is a folder, before anything is written
    /// (rename(2) cannot put a file over a folder).
    /// - Throws: `CLIError.cannotCreate` (73) naming the option and the folder.
    package static func refuseFolder(_ path: String, option: String) throws(CLIError) {
        var st = stat()
        if stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            throw CLIError.cannotCreate("cannot create '\(path)': it is a folder (\(option) names the file to write)")
        }
    }

    /// Replaces `path` atomically: `body` writes the new content into the file
    /// descriptor of `temp`, which is then fsynced and renamed over `path`. On any
    /// failure `temp` is removed and `path` is left as it was.
    package static func replace(
        _ path: String, through temp: String, _ body: (Int32) throws(CLIError) -> Void
    ) throws(CLIError) {
        let fd = try open(temp, flags: O_CREAT | O_TRUNC)
        do throws(CLIError) { try body(fd) } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        try commit(fd, temp: temp, over: path)
    }

    /// Puts the temporary file `temp`, written through `fd`, in place of `path`:
    /// fsync, close, rename. `fd` is closed in any case; on failure `temp` is
    /// removed and `path` is left as it was.
    package static func commit(_ fd: Int32, temp: String, over path: String) throws(CLIError) {
        var failure: CLIError?
        do throws(CLIError) { try sync(fd, path: temp) } catch { failure = error }
        close(fd)
        do throws(CLIError) {
            if let failure { throw failure }
            try rename(temp, over: path)
        } catch {
            unlink(temp)
            throw error
        }
    }

    package static func errorText() -> String { String(cString: strerror(errno)) }

    /// Writes `text` to `path` atomically: a temporary file beside it, fsynced,
    /// renamed over `path`; on failure `path` is left as it was.
    /// - Throws: `CLIError` (73 cannot create, 74 cannot write).
    package static func writeAtomically(_ text: String, to path: String) throws(CLIError) {
        let temp = temporaryPath(for: path)
        try replace(path, through: temp) { fd throws(CLIError) in try write(fd, Array(text.utf8), path: temp) }
    }

    /// Creates the folder `path` (and its parents) when missing.
    /// - Throws: `CLIError.cannotCreate` when it cannot be created.
    package static func createDirectory(_ path: String) throws(CLIError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CLIError.cannotCreate("cannot create directory '\(path)': \(error.localizedDescription)")
        }
    }
}
