// Offers: `Narrator`, the outside program of `hint --narrator CMD`: run with
// `/bin/sh -c CMD`, handed the prompt on standard input, its standard output
// taken as the reply. It never decides anything: the reply goes through
// `Narration.check` before it is shown.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

enum Narrator {
    /// The program's reply to `prompt`, or why there is none (it could not
    /// start, failed, or took longer than `timeout` seconds, when it is killed).
    static func ask(_ command: String, prompt: String, timeout: Double) -> Result<String, NarratorFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            return .failure(NarratorFailure(message: "cannot start '\(command)': \(error.localizedDescription)"))
        }
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        // A program that does not read the prompt makes the write fail with EPIPE
        // (SIGPIPE ignored): FileHandle.write would trap on that, write(2) does not.
        signal(SIGPIPE, SIG_IGN)
        var bytes = Array(prompt.utf8)
        let fd = input.fileHandleForWriting.fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
        try? input.fileHandleForWriting.close()
        let data = readAll(output.fileHandleForReading)
        process.waitUntilExit()
        timer.cancel()
        if process.terminationReason == .uncaughtSignal {
            return .failure(NarratorFailure(message: "'\(command)' was stopped after \(Int(timeout)) s"))
        }
        guard process.terminationStatus == 0 else {
            return .failure(NarratorFailure(message: "'\(command)' exited with status \(process.terminationStatus)"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }

    /// Everything until end of file, read with read(2) and retried on EINTR.
    private static func readAll(_ handle: FileHandle) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while data.count < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            data.append(contentsOf: chunk[0..<n])
        }
        return data
    }
}

struct NarratorFailure: Error {
    var message: String
}
