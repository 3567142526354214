// `sudokit` on a real terminal: a tmux session of a fixed size runs the binary,
// and what the screen shows is read back with capture-pane. tmux is a test
// dependency (scripts/setup installs it); a missing tmux is a failure, not a skip.

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A detached tmux server of its own (`tmux -L NAME`), so that no other session is touched.
struct TerminalSession {
    let socket = "sudokit-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    /// Runs `tmux -L socket arguments...` and returns its stdout. tmux is started
    /// with posix_spawn and waited for with waitpid, not with Foundation's Process:
    /// the server a client forks keeps the client's descriptors, and Process would
    /// wait for them to close (until the server ends).
    @discardableResult
    func tmux(_ arguments: [String], check: Bool = true) throws -> String {
        let outPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(socket)-\(UInt32.random(in: 0...UInt32.max)).out"
        ).path
        defer { unlink(outPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ["tmux", "-L", socket] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        // tmux and what it runs start with no signal blocked and every signal at its default:
        // the test runner's threads may block some (SIGWINCH, SIGHUP), and a blocked mask is
        // inherited, so a pane would never hear of a resize and the server would never end.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, &cArgs, environ)
        try #require(
            spawned == 0, "cannot start tmux (\(String(cString: strerror(spawned)))): scripts/setup installs it")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        try #require(
            !check || exited && (status >> 8) & 0xff == 0, "tmux \(arguments.first ?? "") failed (status \(status))")
        return (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    }

    /// Types `command`, once the prompt shows, into a fresh `sh` on a `width` x `height` terminal in the
    /// package root, and returns the screen (scroll-back included) once it printed
    /// a line `__DONE__`, or after `timeout` seconds.
    func screen(after command: String, width: Int = 200, height: Int = 100, timeout: Double = 180) throws -> String {
        // The shell's prompt is waited for before typing: keys typed earlier are
        // echoed by the terminal first, and the prompt then lands at the start of
        // the command's first line of output.
        try tmux([
            "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-c", packageRoot().path, "env PS1='ready$ ' sh",
        ])
        let socketPath = try tmux(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        defer {
            // The shell ends, then the server with its last session; the socket stays behind.
            _ = try? tmux(["send-keys", "-t", "0", "exit", "Enter"], check: false)
            usleep(200_000)
            _ = try? tmux(["kill-server"], check: false)
            if !socketPath.isEmpty { unlink(socketPath) }
        }
        let promptShown = Date()
        while Date().timeIntervalSince(promptShown) < 30,
            !(try tmux(["capture-pane", "-t", "0", "-p"])).contains("ready$")
        {
            usleep(50_000)
        }
        try tmux(["send-keys", "-t", "0", "-l", command + "; echo __DONE__"])
        try tmux(["send-keys", "-t", "0", "Enter"])
        let start = Date()
        var text = ""
        while Date().timeIntervalSince(start) < timeout {
            usleep(200_000)
            text = try tmux(["capture-pane", "-t", "0", "-p", "-J", "-S", "-"])
            if text.split(separator: "\n").contains("__DONE__") { break }
        }
        #expect(
            text.split(separator: "\n").contains("__DONE__"), "the command did not finish in \(timeout) s:\n\(text)")
        return text
    }
}

/// `command` quoted for sh.
private func shellQuoted(_ words: [String]) -> String {
    words.map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ")
}

@Suite(.tags(.medium)) struct TerminalCLITests {
    /// Several photos scanned on a terminal: the progress bar shares the screen with
    /// the records, and each record starts on a line of its own (before, the second
    /// and later ones were printed right after the bar: `1 s leftTestImages/...`).
    @Test func recordsOnATerminalNeverStartGluedToTheProgressBar() throws {
        let photos = ["image1.jpg", "image10.jpg", "image100.jpg"].map { "TestImages/newspaper/" + $0 }
        let screen = try TerminalSession().screen(
            after: shellQuoted([sudokitBinary().path, "scan", "--jobs", "1"] + photos))
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for photo in photos {
            #expect(lines.contains(photo + ":"), "no line is just '\(photo):'\n\(screen)")
        }
        #expect(lines.contains { $0.hasPrefix("scan: 3 photos: ") }, "\(screen)")
        for line in lines where line.contains("photos/s") {
            #expect(!line.contains(".jpg"), "a record glued to the progress bar: '\(line)'")
        }
    }
}
