// Offers: `ScanSink`, where `sudokit scan` writes its records: standard output,
// or with `--out FILE` a file that appears whole or not at all, and for JSONL a
// journal that lets an interrupted batch be resumed. Also `InterruptWatch`
// (SIGINT/SIGTERM handled on a thread of its own) and `OutputFiles` (the POSIX
// writes, fsync and rename behind both).
//
// The design of `--out FILE`:
// - text, json and line: records go to `.FILE.tmp-PID` in FILE's folder as they
//   come; at the end it is fsynced and renamed over FILE (then the folder is
//   fsynced). On SIGINT/SIGTERM the temporary file is removed and the process
//   exits 130/143; FILE is untouched. A crash (SIGKILL, power cut) can leave only
//   the hidden temporary file, never a FILE that looks complete.
// - jsonl: records go to the journal `FILE.partial` as they come, in input order,
//   each line in one write(2) on a file opened O_APPEND, fsynced at least every
//   second. At the end the journal becomes FILE by rename (or, when earlier
//   records are merged in, FILE is written whole through `.FILE.tmp-PID`, renamed,
//   and the journal deleted). On SIGINT/SIGTERM the journal is fsynced and kept,
//   and the process exits 130/143 with FILE untouched.
// - `--resume` reads the records of FILE (when a run completed) and of
//   `FILE.partial` (later ones win), ignoring a last line cut short by a crash.
//   A photo is done when it has a record with a status other than `error`
//   (errors, often a file that was not there yet, are tried again). Only the
//   other photos are scanned; the new records are appended to the journal, and
//   at the end FILE holds the union: one record per photo in input order, then
//   the earlier records of photos no longer among the inputs.
// - Without `--resume`, an existing `FILE.partial` stops the run before any scan
//   (it holds an interrupted batch: resume it or delete it).

import Foundation
import GridScanner
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The POSIX file operations behind atomic output.
enum OutputFiles {
    /// `DIR/.NAME.tmp-PID` for `DIR/NAME`: hidden, in the same folder (so that
    /// rename(2) is atomic), and unique to this process.
    static func temporaryPath(for path: String) -> String {
        let dir = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temp = ".\(name).tmp-\(getpid())"
        return dir.isEmpty ? temp : (dir as NSString).appendingPathComponent(temp)
    }

    /// Opens `path` for writing with `flags` added to `O_WRONLY | O_CLOEXEC`.
    /// - Throws: `CLIError.noInput` naming the file and the reason.
    static func open(_ path: String, flags: Int32) throws -> Int32 {
        let fd = Glibc.open(path, O_WRONLY | O_CLOEXEC | flags, 0o644)
        guard fd >= 0 else { throw CLIError.noInput("cannot write '\(path)': \(errorText())") }
        return fd
    }

    /// Writes all of `bytes` to `fd`: one write(2) unless the kernel takes less.
    /// - Throws: `CLIError.noInput` on a write error (disk full, ...).
    static func write(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw CLIError.noInput("cannot write '\(path)': \(errorText())") }
            offset += n
        }
    }

    /// fsync(2), failing loudly: data that did not reach the disk must not be renamed into place.
    static func sync(_ fd: Int32, path: String) throws {
        guard fsync(fd) == 0 else { throw CLIError.noInput("cannot write '\(path)': fsync: \(errorText())") }
    }

    /// Renames `from` over `to`, then fsyncs their folder so the rename itself is durable.
    static func rename(_ from: String, over to: String) throws {
        guard Glibc.rename(from, to) == 0 else {
            throw CLIError.noInput("cannot rename '\(from)' to '\(to)': \(errorText())")
        }
        let dir = (to as NSString).deletingLastPathComponent
        let fd = Glibc.open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { _ = fsync(fd); close(fd) }
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Replaces `path` atomically: `body` writes the new content into the file
    /// descriptor of `temp`, which is then fsynced and renamed over `path`. On any
    /// failure `temp` is removed and `path` is left as it was.
    static func replace(_ path: String, through temp: String, _ body: (Int32) throws -> Void) throws {
        let fd = try open(temp, flags: O_CREAT | O_TRUNC)
        do {
            try body(fd)
            try sync(fd, path: temp)
            close(fd)
            try rename(temp, over: path)
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}

/// Where one earlier JSONL record lies, to copy it into the final file unchanged.
struct RecordLocation {
    var fd: Int32
    var offset: Int
    /// Bytes, including the newline.
    var length: Int
}

/// The records of earlier runs (`--resume`) and of this one, by photo.
struct RecordIndex {
    /// The latest record of each photo (by its `file`).
    var latest: [String: (status: ScanStatus, location: RecordLocation)] = [:]
    /// Photos in the order their first record appeared.
    var order: [String] = []

    mutating func add(file: String, status: ScanStatus, location: RecordLocation) {
        if latest[file] == nil { order.append(file) }
        latest[file] = (status, location)
    }

    /// Whether `file` needs no new scan.
    func isDone(_ file: String) -> Bool { latest[file].map { $0.status != .error } ?? false }

    /// Indexes the JSONL records of the file open as `fd`. A last line without its
    /// newline (a write cut short) is left out; returns the length of the whole
    /// lines, so the caller can cut the rest off. Lines that are not a record with
    /// a `file` and a known `status` are left out too, each with a note.
    /// - Throws: `CLIError.noInput` when the file cannot be read.
    mutating func load(fd: Int32, path: String, notes: inout [String]) throws -> Int {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw CLIError.noInput("cannot read '\(path)': \(OutputFiles.errorText())") }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        var start = 0
        var lineNumber = 0
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lineNumber += 1
            let line = Data(bytes[start..<end])
            if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
               let file = object["file"] as? String,
               let status = (object["status"] as? String).flatMap(ScanStatus.init(rawValue:)) {
                add(file: file, status: status, location: RecordLocation(fd: fd, offset: start, length: end + 1 - start))
            } else if !line.isEmpty {
                notes.append("\(path):\(lineNumber): not a scan record; left out")
            }
            start = end + 1
        }
        if start < bytes.count { notes.append("\(path): last line cut short (an interrupted write); left out") }
        return start
    }
}

/// Where `scan` writes its records; see the file comment for the design.
/// Thread-safe: records arrive from `BatchScan`'s emit, the interrupt from its own thread.
final class ScanSink: Sendable {
    enum Format: String, Sendable { case text, line, json, jsonl }

    let format: Format
    let showSolution: Bool
    /// `--format line` with `--out`: a puzzle collection (see `render`).
    let collection: Bool
    private let state: Mutex<State>

    private enum Destination {
        case standardOutput
        /// text, json, line: the temporary file being written, and FILE.
        case temporary(fd: Int32, path: String, final: String)
        /// jsonl: the journal (open O_APPEND) and its length, FILE, and whether
        /// earlier records were found (then FILE is assembled at the end).
        case journal(fd: Int32, path: String, size: Int, final: String, merging: Bool)
    }

    private struct State: ~Copyable {
        var destination: Destination
        var index = RecordIndex()
        /// Files opened to read earlier records (closed at the end).
        var previousFDs: [Int32] = []
        var lastSync = monotonicSeconds()
        /// The temporary file of the final assembly, while it is written.
        var assembling: String?
        var finished = false
    }

    /// Opens the destination. With `out` and jsonl, loads earlier records when
    /// `resume` (see `isDone`), and refuses to start over a journal without it.
    /// - Parameter notes: receives one line per earlier record left out.
    /// - Throws: `CLIError` when a file cannot be opened, or (usage) for a journal
    ///   left by an interrupted run without `--resume`.
    init(format: Format, showSolution: Bool, out: String?, resume: Bool, notes: inout [String]) throws {
        self.format = format
        self.showSolution = showSolution
        collection = format == .line && out != nil
        guard let out else {
            state = Mutex(State(destination: .standardOutput))
            return
        }
        guard format == .jsonl else {
            let temp = OutputFiles.temporaryPath(for: out)
            let fd = try OutputFiles.open(temp, flags: O_CREAT | O_TRUNC)
            state = Mutex(State(destination: .temporary(fd: fd, path: temp, final: out)))
            return
        }
        let journal = out + ".partial"
        if !resume && OutputFiles.exists(journal) {
            throw CLIError.usage("'\(journal)' holds records of an interrupted scan: add --resume to finish it, or delete it to start over")
        }
        var index = RecordIndex()
        var previous: [Int32] = []
        if resume, OutputFiles.exists(out) {
            let fd = open(out, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw CLIError.noInput("cannot read '\(out)': \(OutputFiles.errorText())") }
            previous.append(fd)
            _ = try index.load(fd: fd, path: out, notes: &notes)
        }
        let fd = try OutputFiles.open(journal, flags: O_CREAT | O_APPEND)
        var size = 0
        if resume {
            // The journal is read through a second descriptor: O_APPEND ones write only.
            let readFD = open(journal, O_RDONLY | O_CLOEXEC)
            guard readFD >= 0 else { throw CLIError.noInput("cannot read '\(journal)': \(OutputFiles.errorText())") }
            previous.append(readFD)
            size = try index.load(fd: readFD, path: journal, notes: &notes)
            guard ftruncate(fd, off_t(size)) == 0 else {
                throw CLIError.noInput("cannot write '\(journal)': \(OutputFiles.errorText())")
            }
        }
        let merging = !index.latest.isEmpty
        state = Mutex(State(destination: .journal(fd: fd, path: journal, size: size, final: out, merging: merging),
                            index: index, previousFDs: previous))
    }

    /// Whether `file` already has a record that needs no new scan (`--resume`).
    func isDone(_ file: String) -> Bool { state.withLock { $0.index.isDone(file) } }

    /// The status of `file`'s earlier record, if any.
    func previousStatus(_ file: String) -> ScanStatus? { state.withLock { $0.index.latest[file]?.status } }

    /// Writes one record (in the order they are to appear).
    /// - Throws: `CLIError.noInput` when the output cannot be written.
    func write(_ result: ScanResult) throws {
        try state.withLock { s in
            switch s.destination {
            case .standardOutput:
                print(render(result), terminator: "")
            case .temporary(let fd, let path, _):
                try OutputFiles.write(fd, Array(render(result).utf8), path: path)
            case .journal(let fd, let path, let size, let final, let merging):
                let line = Array(render(result).utf8)
                try OutputFiles.write(fd, line, path: path)
                s.index.add(file: result.file, status: result.status,
                            location: RecordLocation(fd: -1, offset: size, length: line.count))
                s.destination = .journal(fd: fd, path: path, size: size + line.count, final: final, merging: merging)
                let now = monotonicSeconds()
                if now - s.lastSync >= 1 {
                    try OutputFiles.sync(fd, path: path)
                    s.lastSync = now
                }
            }
        }
    }

    /// One record in the chosen format. With `--out`, `line` makes a puzzle
    /// collection: `# FILE` then the 81 cells for each solved photo, and one
    /// comment line for each other photo, ready for `sudokit solve --input`.
    func render(_ result: ScanResult) -> String {
        switch format {
        case .text: return result.text(showSolution: showSolution)
        case .json: return result.json(pretty: true) + "\n"
        case .jsonl: return result.json(pretty: false) + "\n"
        case .line: return collection ? result.collectionEntry : result.line + "\n"
        }
    }

    /// Puts the output in place: FILE gets every record, `photos` (the keys of
    /// the inputs, in order) first. Nothing to do for standard output.
    /// - Throws: `CLIError.noInput` when a write, fsync or rename fails.
    func finish(photos: [String]) throws {
        try state.withLock { s in
            defer {
                s.finished = true
                for fd in s.previousFDs { close(fd) }
            }
            switch s.destination {
            case .standardOutput:
                return
            case .temporary(let fd, let path, let final):
                try OutputFiles.sync(fd, path: path)
                close(fd)
                try OutputFiles.rename(path, over: final)
            case .journal(let fd, let path, _, let final, let merging):
                try OutputFiles.sync(fd, path: path)
                guard merging else {
                    close(fd)
                    try OutputFiles.rename(path, over: final)
                    return
                }
                let readFD = open(path, O_RDONLY | O_CLOEXEC)
                guard readFD >= 0 else { throw CLIError.noInput("cannot read '\(path)': \(OutputFiles.errorText())") }
                defer { close(readFD) }
                let temp = OutputFiles.temporaryPath(for: final)
                s.assembling = temp
                let inputs = Set(photos)
                try OutputFiles.replace(final, through: temp) { out in
                    for file in photos + s.index.order.filter({ !inputs.contains($0) }) {
                        guard let entry = s.index.latest[file] else { continue }
                        var location = entry.location
                        if location.fd == -1 { location.fd = readFD }
                        try OutputFiles.write(out, try Self.read(location, path: path), path: temp)
                    }
                }
                s.assembling = nil
                close(fd)
                unlink(path)
            }
        }
    }

    /// Called on SIGINT or SIGTERM: unless the output is already in place, keeps
    /// what can be resumed, removes temporary files and exits 128 + `signal`.
    func interrupt(signal: Int32) {
        state.withLock { s in
            guard !s.finished else { return }
            var message = "scan: interrupted"
            switch s.destination {
            case .standardOutput:
                break
            case .temporary(_, let path, let final):
                unlink(path)
                message += "; '\(final)' not written"
            case .journal(let fd, let path, _, let final, _):
                _ = fsync(fd)
                if let temp = s.assembling { unlink(temp) }
                message += "; '\(final)' not written; \(s.index.latest.count) records kept in '\(path)': add --resume to finish"
            }
            printError(message)
            _exit(128 + signal)
        }
    }

    /// The bytes of one earlier record.
    private static func read(_ location: RecordLocation, path: String) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: location.length)
        var done = 0
        while done < location.length {
            let n = bytes.withUnsafeMutableBytes {
                pread(location.fd, $0.baseAddress! + done, location.length - done, off_t(location.offset + done))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw CLIError.noInput("cannot read a record back from '\(path)': \(OutputFiles.errorText())") }
            done += n
        }
        return bytes
    }
}

/// The pipe a signal handler writes the signal's number to: write(2) is one of the
/// few calls a handler may make; a thread of our own reads it and does the rest.
/// Created before any handler is installed.
private let interruptPipe: (read: Int32, write: Int32) = {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return (-1, -1) }
    return (fds[0], fds[1])
}()

enum InterruptWatch {
    /// Runs `handler(signal)` on a dedicated thread when SIGINT or SIGTERM arrives
    /// (so it may take locks and do I/O; the workers go on until it exits). Call
    /// on the main thread. The signals are caught even if the parent blocked or
    /// ignored them: an interrupted `--out` must always clean up.
    static func install(_ handler: @escaping @Sendable (Int32) -> Void) {
        let fds = interruptPipe
        guard fds.read >= 0 else { return }
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(fds.read, &byte, 1)
                if n == 1 { break }
                if n < 0 && errno == EINTR { continue }
                return
            }
            handler(Int32(byte))
        }
        thread.start()
        var signals = sigset_t()
        sigemptyset(&signals)
        for sig in [SIGINT, SIGTERM] {
            sigaddset(&signals, sig)
            _ = signal(sig) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(interruptPipe.write, &byte, 1)
            }
        }
        // A parent may have left them blocked (a blocked mask survives exec):
        // this thread, alive to the end, takes them.
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
