// `sudokit serve` as a person runs it: the address it prints, the page driven
// in a real browser (Debian's headless chromium through python3-selenium: a
// photo uploaded, its unsure cell settled by keyboard, a puzzle played to the
// end, three hint levels, the window resized across the layout's switch
// point), and the server under load and hostile input: 50 uploads of a
// 12-megapixel photo at once, the status answered within a second throughout,
// memory bounded, and malformed, oversized, token-less and byte-a-second
// requests refused or timed out while it stays up. Against 127.0.0.1 only.

import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A running `sudokit serve --port 0`, stopped with SIGTERM.
private final class RunningServer {
    let process = Process()
    let address: String
    let port: Int
    let token: String
    let data: String
    private let errors = Pipe()

    init(jobs: Int = 2) throws {
        data = FileManager.default.temporaryDirectory.path + "/sudokit-serve-\(UInt32.random(in: 0...UInt32.max))"
        process.executableURL = sudokitBinary()
        process.arguments = ["serve", "--port", "0", "--data", data, "--jobs", String(jobs)]
        process.currentDirectoryURL = packageRoot()
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errors
        try process.run()
        // The first line is the address to open.
        var line: [UInt8] = []
        let handle = out.fileHandleForReading
        while line.last != UInt8(ascii: "\n") {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += byte
        }
        let text = String(decoding: line, as: UTF8.self)
        let url = try #require(
            text.split(separator: " ").last.map(String.init)?.trimmingCharacters(in: .whitespacesAndNewlines), "\(text)"
        )
        #expect(text.hasPrefix("sudokit serve: open http://127.0.0.1:"), "\(text)")
        address = url
        let portText = url.split(separator: ":")[2].split(separator: "/")[0]
        port = try #require(Int(portText))
        token = String(url.split(separator: "=").last ?? "")
    }

    /// Stops the server with SIGTERM; its exit status and standard error.
    func stop() -> (Int32, String) {
        process.terminate()
        process.waitUntilExit()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try? FileManager.default.removeItem(atPath: data)
        return (process.terminationStatus, err)
    }

    var endpoint: ServerEndpoint { ServerEndpoint(port: port, token: token, pid: process.processIdentifier) }
}

/// What a request to the server needs: its port, its token and its process id.
private struct ServerEndpoint: Sendable {
    let port: Int
    let token: String
    let pid: Int32

    /// Resident memory in MiB, from /proc.
    var residentMiB: Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    func get(_ path: String, seconds: Double = 10) -> RawResponse? {
        RawClient.exchange(
            port: port,
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Sudokit-Token: \(token)\r\nConnection: close\r\n\r\n",
            seconds: seconds)
    }

    func post(_ path: String, _ body: [UInt8], name: String = "photo.jpg", token: String? = nil) -> RawResponse? {
        guard let client = RawClient(port: port) else { return nil }
        let head =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Sudokit-Token: \(token ?? self.token)\r\n"
            + "X-File-Name: \(name)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        guard client.send(head), client.send(body) else { return nil }
        return client.readResponse(seconds: 60)
    }
}

@Suite(.tags(.large), .serialized) struct ServeCLITests {
    @Test func thePageWorksInARealBrowser() throws {
        let server = try RunningServer()
        let shots = server.data + "-shots"
        defer { try? FileManager.default.removeItem(atPath: shots) }
        let driver = try runProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                packageRoot().appendingPathComponent("Tests/Browser/page_test.py").path, "--url", server.address,
                "--photo", packageRoot().appendingPathComponent("TestImages/synthetic/played/played-erased-1.jpg").path,
                "--screenshots", shots,
            ], environment: ProcessInfo.processInfo.environment)
        let (status, err) = server.stop()
        #expect(
            driver.status == 0,
            "the browser test failed (scripts/setup installs chromium, chromium-driver, python3-selenium):\n\(driver.stdout)\n\(driver.stderr)"
        )
        for scenario in ["review", "play-to-end", "hints", "resize"] {
            #expect(driver.stdout.contains("ok \(scenario)\n"), "\(driver.stdout)")
        }
        for shot in ["review.png", "solved.png", "hint.png", "play-390x844.png", "play-1200x700.png"] {
            #expect(FileManager.default.fileExists(atPath: shots + "/" + shot), "\(shot)")
        }
        #expect(status == 0 && err.contains("sudokit serve: stopped (SIGTERM)"), "\(status) \(err)")
    }

    @Test func underLoadAndHostileInputTheServerAnswersAndStaysUp() throws {
        let running = try RunningServer(jobs: 2)
        defer { _ = running.stop() }
        let server = running.endpoint
        let photo = try [UInt8](
            Data(
                contentsOf: packageRoot().appendingPathComponent(
                    "TestImages/phone-full/kubiesa-train-02_17_honor_view_10_0.jpg")))
        // Status probes every 100 ms while 50 uploads of a 12-megapixel photo arrive at once.
        let probes = Mutex<[Double]>([])
        let memory = Mutex<Double>(0)
        let uploading = Mutex(true)
        let prober = Thread {
            while uploading.withLock({ $0 }) {
                let start = Date()
                let ok = server.get("/api/photos", seconds: 5)?.status == 200
                probes.withLock { $0.append(ok ? Date().timeIntervalSince(start) : 99) }
                memory.withLock { $0 = max($0, server.residentMiB) }
                usleep(100_000)
            }
        }
        prober.start()
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 50) { i in
            let status = server.post("/api/photos", photo, name: "load-\(i).jpg")?.status ?? 0
            statuses.withLock { $0.append(status) }
        }
        // The scans go on, two at a time, while the status is asked for a few seconds more.
        sleep(5)
        uploading.withLock { $0 = false }
        while !prober.isFinished { usleep(50_000) }
        let answered = statuses.withLock { $0 }
        #expect(answered.count == 50 && answered.allSatisfy { $0 == 202 }, "\(answered)")
        let times = probes.withLock { $0 }
        #expect(times.count >= 10 && (times.max() ?? 99) < 1, "status answer times: \(times)")
        let list = try #require(server.get("/api/photos"))
        let queued = (try JSONSerialization.jsonObject(with: Data(list.body)) as? [String: Any])?["queued"] as? Int ?? 0
        #expect(queued > 0, "the photos wait in the queue for the two workers")
        #expect(memory.withLock { $0 } < 1500, "peak resident memory \(memory.withLock { $0 }) MiB")

        // Hostile input: each refused or timed out, the server still answering after it.
        #expect(server.post("/api/photos", photo, token: "wrong")?.status == 403)
        let up = String(repeating: ".", count: 2)  // a path that climbs out, built (see WebAPITests)
        #expect(server.get("/api/photos/\(up)/\(up)/etc/passwd")?.status == 404)
        #expect(server.post("/api/photos", Array("GIF89a not a photo".utf8))?.status == 415)
        #expect(RawClient.exchange(port: server.port, "THIS IS NOT HTTP AT ALL\r\n\r\n")?.status == 400)
        let noVersion = RawClient.exchange(port: server.port, "NONSENSE\r\n\r\n")
        #expect(noVersion == nil || noVersion?.status == 400, "closed, or refused with 400")
        let huge = RawClient(port: server.port)
        _ = huge?.send(
            "POST /api/photos HTTP/1.1\r\nHost: x\r\nX-Sudokit-Token: \(server.token)\r\nContent-Length: 999999999999\r\n\r\n"
        )
        #expect(huge?.readResponse(seconds: 10)?.status == 413)
        let slow = try #require(RawClient(port: server.port))
        let start = Date()
        var closed = false
        for byte in "GET /api/photos HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8 {
            if !slow.send([byte]) {
                closed = true
                break
            }
            sleep(1)
            if Date().timeIntervalSince(start) > 30 { break }
            if server.get("/api/layout?width=390&height=844")?.status != 200 { Issue.record("not answered meanwhile") }
        }
        let (_, gone) = slow.readUntilClosed(seconds: 5)
        #expect(closed || gone, "a byte-a-second client is timed out")
        #expect(server.get("/api/photos")?.status == 200, "the server is still up")
    }
}
