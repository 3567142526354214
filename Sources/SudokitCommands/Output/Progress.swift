// Offers: `BatchProgress`, the progress report of a batch on stderr: a bar redrawn
// in place when stderr is a terminal, plain periodic lines otherwise.

import Basics
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Reports `done/total`, photos per second and the time left on stderr.
///
/// On a terminal (`isatty(2)`) one line is redrawn with `\r` at most ten times a
/// second, as `Console`'s status line: whatever else is written through `Console`
/// (a record on stdout, a note) clears the bar first and draws it again after, so
/// nothing is ever printed glued to it. Elsewhere (a log file, a pipe) a line is
/// printed every `every` photos or every `interval` seconds, whichever comes
/// first. Thread-safe.
package final class BatchProgress: Sendable {
    package let total: Int
    package let label: String
    /// What is counted: `photos`, `puzzles`.
    package let unit: String
    package let enabled: Bool
    package let terminal: Bool
    package let every: Int
    package let interval: Double
    private let state: Mutex<State>

    private struct State {
        var done = 0
        var start: Double
        /// When the bar was last drawn or the last line printed.
        var lastDraw: Double
        var lastLineDone = 0
        var barShown = false
    }

    /// - Parameters:
    ///   - enabled: false prints nothing (`--quiet`, or a single photo).
    package init(
        total: Int, label: String, unit: String = "photos", enabled: Bool, every: Int = 10, interval: Double = 5
    ) {
        self.total = total
        self.label = label
        self.unit = unit
        self.enabled = enabled && total > 0
        terminal = isatty(2) == 1
        self.every = every
        self.interval = interval
        let now = Clocks.monotonicSeconds()
        state = Mutex(State(start: now, lastDraw: now))
    }

    /// Counts one more photo done, and redraws or prints when it is time.
    package func advance() {
        guard enabled else { return }
        state.withLock { s in
            s.done += 1
            let now = Clocks.monotonicSeconds()
            if terminal {
                guard now - s.lastDraw >= 0.1 || s.done == total || !s.barShown else { return }
                s.lastDraw = now
                Console.status(bar(s, now: now))
                s.barShown = true
            } else {
                guard s.done < total, s.done - s.lastLineDone >= every || now - s.lastDraw >= interval else { return }
                s.lastDraw = now
                s.lastLineDone = s.done
                Console.err("\(label): " + figures(s, now: now))
            }
        }
    }

    /// Prints `text` on its own line, clearing the bar first (and redrawing it after).
    package func note(_ text: String) {
        state.withLock { _ in Console.err(text) }
    }

    /// Removes the bar (call before the summary line).
    package func finish() {
        state.withLock { s in
            if s.barShown { Console.status(nil) }
            s.barShown = false
        }
    }

    /// `40/160 photos, 5.2 photos/s, 23 s left`
    private func figures(_ s: State, now: Double) -> String {
        let elapsed = max(now - s.start, 1e-6)
        let rate = Double(s.done) / elapsed
        var text = "\(s.done)/\(total) \(unit), " + DecimalText.fixed(rate, places: 1) + " \(unit)/s"
        if s.done < total && rate > 0 {
            text += ", " + Self.duration(Double(total - s.done) / rate) + " left"
        }
        return text
    }

    /// `scan [#########...........]  40/160 photos, 5.2 photos/s, 23 s left`
    private func bar(_ s: State, now: Double) -> String {
        let width = 24
        let filled = total == 0 ? width : s.done * width / total
        return "\(label) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            + "] " + figures(s, now: now)
    }

    /// `23 s`, `4 min 05 s`, `1 h 02 min`
    package static func duration(_ seconds: Double) -> String {
        let t = Int(seconds.rounded(.up))
        if t < 60 { return "\(t) s" }
        if t < 3600 { return "\(t / 60) min " + String(format: "%02d", t % 60) + " s" }
        return "\(t / 3600) h " + String(format: "%02d", t / 60 % 60) + " min"
    }
}
