// Offers: `InterruptWatch`, SIGINT and SIGTERM handled on a thread of their own,
// where the handler may take locks and do I/O (a signal handler may not).

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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
