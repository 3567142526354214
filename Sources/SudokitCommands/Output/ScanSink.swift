// Offers: `ScanSink`, where `sudokit scan` writes its records: standard output,
// or with `--out FILE` a file that appears whole or not at all, and for JSONL a
// journal that lets an interrupted batch be resumed (files through `OutputFiles`,
// earlier records through `RecordIndex`).
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
//   at the end FILE holds one record per photo in input order. Earlier records
//   of photos not among the inputs stop the run before anything is written (they
//   belong to another batch).
// - Without `--resume`, an existing `FILE.partial` stops the run before any scan
//   (it holds an interrupted batch: resume it or delete it).

import Basics
import GridScanner
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Where `scan` writes its records; see the file comment for the design.
/// Thread-safe: records arrive from `BatchScan`'s emit, the interrupt from its own thread.
final class ScanSink: Sendable {
    let format: ScanFormat
    let showSolution: Bool
    /// `--grade`, `--explain`: what the ladder makes of each solved puzzle (ScanLogic.swift).
    let logic: ScanLogic
    /// `--include-unverified`: a puzzle collection (`--format line`) also holds
    /// the boards read but not proven, each under a comment saying so.
    let includeUnverified: Bool
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
        var lastSync = Clocks.monotonicSeconds()
        /// The temporary file of the final assembly, while it is written.
        var assembling: String?
        var finished = false
        /// `--format json`: the one array the records are framed in.
        var records: JSONRecords?
    }

    /// Opens the destination. With `out` and jsonl, loads earlier records when
    /// `resume` (see `isDone`), and refuses to start over a journal without it.
    /// With `resume`, refuses earlier records of photos not among `inputs` (the
    /// keys of this run's photos): they come from another batch.
    /// - Parameter notes: receives one line per earlier record left out.
    /// - Throws: `CLIError` when a file cannot be opened, or (usage) for a journal
    ///   left by an interrupted run without `--resume`.
    init(
        format: ScanFormat, showSolution: Bool, logic: ScanLogic = ScanLogic(), out: String?, resume: Bool,
        includeUnverified: Bool = false, inputs: [String] = [], notes: inout [String]
    ) throws(CLIError) {
        self.format = format
        self.showSolution = showSolution
        self.logic = logic
        self.includeUnverified = includeUnverified
        let records = format == .json ? JSONRecords(format: format.rawValue) : nil
        guard let out else {
            state = Mutex(State(destination: .standardOutput, records: records))
            return
        }
        guard format == .jsonl else {
            let temp = OutputFiles.temporaryPath(for: out)
            let fd = try OutputFiles.open(temp, flags: O_CREAT | O_TRUNC)
            state = Mutex(State(destination: .temporary(fd: fd, path: temp, final: out), records: records))
            return
        }
        let journal = out + ".partial"
        if !resume && OutputFiles.exists(journal) {
            throw CLIError.usage(
                "'\(journal)' holds records of an interrupted scan: add --resume to finish it, or delete it to start "
                    + "over"
            )
        }
        var index = RecordIndex()
        var previous: [Int32] = []
        var size = 0
        if resume {
            // Earlier records are read through descriptors of their own (the
            // journal's O_APPEND one writes only), and checked before anything is written.
            for (path, isJournal) in [(out, false), (journal, true)] where OutputFiles.exists(path) {
                let readFD = open(path, O_RDONLY | O_CLOEXEC)
                guard readFD >= 0 else {
                    for fd in previous { close(fd) }
                    throw CLIError.noInput("cannot read '\(path)': \(OutputFiles.errorText())")
                }
                previous.append(readFD)
                let length = try index.load(fd: readFD, path: path, notes: &notes)
                if isJournal { size = length }
            }
            let given = Set(inputs)
            let stale = index.order.filter { !given.contains($0) }
            if !stale.isEmpty {
                for fd in previous { close(fd) }
                let named = stale.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (stale.count > 3 ? ", ..." : "")
                throw CLIError.usage(
                    "--resume: '\(out)' holds records of \(stale.count) photo\(stale.count == 1 ? "" : "s") "
                        + "not among these inputs (\(named)); give the inputs of the run being resumed, or start "
                        + "over without --resume"
                )
            }
        }
        let fd = try OutputFiles.open(journal, flags: O_CREAT | O_APPEND)
        if resume {
            guard ftruncate(fd, off_t(size)) == 0 else {
                throw CLIError.ioError("cannot write '\(journal)': \(OutputFiles.errorText())")
            }
        }
        let merging = !index.latest.isEmpty
        state = Mutex(
            State(
                destination: .journal(fd: fd, path: journal, size: size, final: out, merging: merging),
                index: index, previousFDs: previous))
    }

    /// Whether `file` already has a record that needs no new scan (`--resume`).
    func isDone(_ file: String) -> Bool { state.withLock { $0.index.isDone(file) } }

    /// The status of `file`'s earlier record, if any.
    func previousStatus(_ file: String) -> ScanStatus? { state.withLock { $0.index.latest[file]?.status } }

    /// Writes one record (in the order they are to appear).
    /// - Throws: `CLIError` (74) when the output cannot be written.
    func write(_ result: ScanResult) throws(CLIError) {
        try state.withLock { s throws(CLIError) in
            var text = render(result)
            if s.records != nil { text = s.records!.frame(text) }
            switch s.destination {
            case .standardOutput:
                Console.out(text, terminator: "")
            case .temporary(let fd, let path, _):
                try OutputFiles.write(fd, Array(text.utf8), path: path)
            case .journal(let fd, let path, let size, let final, let merging):
                let line = Array(text.utf8)
                try OutputFiles.write(fd, line, path: path)
                s.index.add(
                    file: result.file, status: result.status,
                    location: RecordLocation(fd: -1, offset: size, length: line.count))
                s.destination = .journal(fd: fd, path: path, size: size + line.count, final: final, merging: merging)
                let now = Clocks.monotonicSeconds()
                if now - s.lastSync >= 1 {
                    try OutputFiles.sync(fd, path: path)
                    s.lastSync = now
                }
            }
        }
    }

    /// One record in the chosen format (a json record without its framing in the
    /// array). `line` makes a puzzle collection, on stdout as in FILE: `# FILE`
    /// then the 81 cells for each solved photo, and one comment line for each
    /// other photo, ready for `sudokit solve --input` (with `--include-unverified`,
    /// an unverified board follows its comment line).
    func render(_ result: ScanResult) -> String {
        switch format {
        case .text: return result.text(showSolution: showSolution) + logic.text(result)
        case .json: return result.json(pretty: true, extra: logic.json(result))
        case .jsonl: return result.json(pretty: false, extra: logic.json(result)) + "\n"
        case .line: return result.collectionEntry(includeUnverified: includeUnverified)
        }
    }

    /// Puts the output in place: FILE gets every record, `photos` (the keys of
    /// the inputs, in order) first. Nothing to do for standard output.
    /// - Throws: `CLIError` (73, 74) when a write, fsync or rename fails.
    func finish(photos: [String]) throws(CLIError) {
        try state.withLock { s throws(CLIError) in
            defer {
                s.finished = true
                for fd in s.previousFDs { close(fd) }
            }
            let closing = s.records?.closing ?? ""
            switch s.destination {
            case .standardOutput:
                Console.out(closing, terminator: "")
                return
            case .temporary(let fd, let path, let final):
                do throws(CLIError) { try OutputFiles.write(fd, Array(closing.utf8), path: path) } catch {
                    close(fd)
                    unlink(path)
                    throw error
                }
                try OutputFiles.commit(fd, temp: path, over: final)
            case .journal(let fd, let path, _, let final, let merging):
                try OutputFiles.sync(fd, path: path)
                guard merging else {
                    close(fd)
                    try OutputFiles.rename(path, over: final)
                    return
                }
                let readFD = open(path, O_RDONLY | O_CLOEXEC)
                guard readFD >= 0 else {
                    throw CLIError.ioError("cannot read '\(path)' back: \(OutputFiles.errorText())")
                }
                defer { close(readFD) }
                let temp = OutputFiles.temporaryPath(for: final)
                s.assembling = temp
                let inputs = Set(photos)
                try OutputFiles.replace(final, through: temp) { out throws(CLIError) in
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

    /// Called when the run fails before `finish`: removes the temporary file of
    /// text, json and line output (FILE stays as it was). A jsonl journal is
    /// kept: its records are what `--resume` continues from.
    func abandon() {
        state.withLock { s in
            guard !s.finished else { return }
            s.finished = true
            if case .temporary(let fd, let path, _) = s.destination {
                close(fd)
                unlink(path)
            }
            for fd in s.previousFDs { close(fd) }
        }
    }

    /// Called on SIGINT or SIGTERM: unless the output is already in place, keeps
    /// what can be resumed and removes temporary files, then calls `end` with what
    /// to tell the user (nil when the output was already complete). `end` runs
    /// under the sink's lock and must end the process, so that no record is
    /// written and no file renamed after the clean-up.
    func interrupt(then end: (String?) -> Never) -> Never {
        state.withLock { s in
            guard !s.finished else { end(nil) }
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
                message +=
                    "; '\(final)' not written; \(s.index.latest.count) records kept in '\(path)': add --resume to "
                    + "finish"
            }
            end(message)
        }
    }

    /// The bytes of one earlier record.
    private static func read(_ location: RecordLocation, path: String) throws(CLIError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: location.length)
        var done = 0
        while done < location.length {
            let n = bytes.withUnsafeMutableBytes {
                pread(location.fd, $0.baseAddress! + done, location.length - done, off_t(location.offset + done))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw CLIError.ioError("cannot read a record back from '\(path)': \(OutputFiles.errorText())")
            }
            done += n
        }
        return bytes
    }
}
