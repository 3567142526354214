// Offers the tests of `HTTPServer` over real sockets: a server on a free port with an
// echo handler, talked to by `RawClient` (query and headers decoded, a 1 MiB body,
// the body limit, a malformed request line, a client that sends a byte a second,
// 20 clients at once, stop), and of `HTTPResponse`'s helpers.
import Glibc
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// The requests an echo server has seen.
final class Recorder: Sendable {
    let requests = Mutex<[HTTPRequest]>([])
    /// Handlers running now, and the most seen running at once.
    let running = Mutex((now: 0, most: 0))

    var last: HTTPRequest? { requests.withLock { $0.last } }

    /// The echo handler: records the request and answers with its method, path and
    /// body length, and a checksum of the body in `X-Body-Sum`.
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        requests.withLock { $0.append(request) }
        if request.path == "/slow" {
            running.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 200_000_000)
            nanosleep(&pause, nil)
            running.withLock { $0.now -= 1 }
        }
        if request.path == "/long" {
            running.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            var pause = timespec(tv_sec: 1, tv_nsec: 500_000_000)
            nanosleep(&pause, nil)
            running.withLock { $0.now -= 1 }
        }
        if request.path == "/custom" {
            return HTTPResponse(
                status: 201,
                headers: [
                    HTTPHeader(name: "Content-Security-Policy", value: "default-src 'none'"),
                    HTTPHeader(name: "X-Bad", value: "a\r\nInjected: yes"),
                ], body: Array("made".utf8))
        }
        if request.path == "/status" { return HTTPResponse(status: 42, body: []) }
        var response = HTTPResponse.text("\(request.method) \(request.path) bytes=\(request.body.count)")
        response.headers.append(HTTPHeader(name: "X-Body-Sum", value: String(Self.checksum(request.body))))
        return response
    }

    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 14_695_981_039_346_656_037
        for b in bytes { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
        return h
    }
}

/// A server on a free port with the echo handler and `limits`.
func echoServer(_ limits: HTTPServer.Limits = .init()) throws -> (HTTPServer, Recorder) {
    let recorder = Recorder()
    let server = try HTTPServer(port: 0, limits: limits) { recorder.handle($0) }
    return (server, recorder)
}

@Suite(.tags(.medium), .serialized)
struct HTTPServerTests {
    @Test func getWithQueryAndHeadersReachesTheHandlerDecoded() throws {
        let (server, recorder) = try echoServer()
        defer { server.stop() }
        #expect(server.port > 0)
        let reply = RawClient.exchange(
            port: server.port,
            "GET /a%20b/c+d%C3%A9?x=1&y=hello+world&z=%C3%A9%26&flag&x=2 HTTP/1.1\r\nHost: localhost\r\n"
                + "X-Custom: Some Value\r\nAccept: a\r\nAccept: b\r\nConnection: close\r\n\r\n")
        let r = try #require(reply)
        #expect(r.status == 200)
        #expect(r.text == "GET /a b/c+dé bytes=0")
        #expect(r.headers["cache-control"] == "no-store")
        #expect(r.headers["x-content-type-options"] == "nosniff")
        #expect(r.headers["referrer-policy"] == "no-referrer")
        #expect(r.headers["content-security-policy"]?.hasPrefix("default-src 'self'") == true)
        #expect(r.headers["content-type"] == "text/plain; charset=utf-8")
        let request = try #require(recorder.last)
        #expect(request.method == "GET")
        #expect(request.path == "/a b/c+dé")
        #expect(request.query == ["x": "1", "y": "hello world", "z": "é&", "flag": ""])
        #expect(request.headers["x-custom"] == "Some Value")
        #expect(request.headers["host"] == "localhost")
        #expect(request.headers["accept"] == "a, b")
        #expect(request.body.isEmpty)
        #expect(request.remoteAddress == "127.0.0.1")
    }

    @Test func aBodyOfOneMebibyteArrivesWhole() throws {
        let (server, recorder) = try echoServer()
        defer { server.stop() }
        let body = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let client = try #require(RawClient(port: server.port))
        #expect(client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n"))
        #expect(client.send(body))
        let r = try #require(client.readResponse())
        #expect(r.status == 200)
        #expect(r.text == "POST /upload bytes=1048576")
        #expect(r.headers["x-body-sum"] == String(Recorder.checksum(body)))
        #expect(recorder.last?.body == body)
        // The connection is kept alive: a second request on it is answered.
        #expect(client.send("GET /again HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(client.readResponse()?.text == "GET /again bytes=0")
    }

    @Test func aBodyOverTheLimitGets413AndTheServerKeepsAnswering() throws {
        let (server, recorder) = try echoServer(.init(maximumBodyBytes: 1000))
        defer { server.stop() }
        // Declared too large: refused before the body is read (none is sent here).
        let declared = try #require(
            RawClient.exchange(port: server.port, "POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n"))
        #expect(declared.status == 413)
        #expect(declared.text == #"{"error":"the body is larger than 1000 bytes"}"#)
        #expect(declared.headers["content-type"] == "application/json; charset=utf-8")
        // Exactly at the limit: accepted.
        let atLimit = try #require(RawClient(port: server.port))
        atLimit.send("POST /fits HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n")
        atLimit.send([UInt8](repeating: 7, count: 1000))
        #expect(atLimit.readResponse()?.text == "POST /fits bytes=1000")
        // Chunked, no length given: refused once the bytes pass the limit. libmicrohttpd 0.9.75 cannot
        // queue a response while a body is arriving, so the connection is closed (a later one may say 413).
        let chunked = try #require(RawClient(port: server.port))
        chunked.send("POST /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<3 { chunked.send("258\r\n" + String(repeating: "z", count: 600) + "\r\n") }
        let refused = chunked.readResponse(seconds: 5)
        #expect(refused == nil || refused?.status == 413)
        #expect(recorder.requests.withLock { $0.map(\.path) } == ["/fits"])
        let after = RawClient.exchange(port: server.port, "GET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(after?.status == 200)
    }

    @Test func aMalformedRequestGets400AndTheServerKeepsAnswering() throws {
        let (server, recorder) = try echoServer()
        defer { server.stop() }
        let garbage = RawClient.exchange(port: server.port, "THIS IS NOT HTTP AT ALL\r\n\r\n")
        #expect(garbage?.status == 400)
        // A request line without a target or version: libmicrohttpd closes the connection (or says 400).
        let noVersion = RawClient.exchange(port: server.port, "GET\r\n\r\n")
        #expect(noVersion == nil || noVersion?.status == 400)
        // Percent-encoding that does not decode to UTF-8: our own 400, in JSON.
        let badEscape = RawClient.exchange(port: server.port, "GET /a%ZZ HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(badEscape?.status == 400)
        #expect(badEscape?.text.hasPrefix(#"{"error":"#) == true)
        let badUTF8 = RawClient.exchange(port: server.port, "GET /?q=%FF%FE HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(badUTF8?.status == 400)
        #expect(recorder.requests.withLock { $0.isEmpty })
        let after = RawClient.exchange(port: server.port, "GET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(after?.text == "GET /after bytes=0")
    }

    @Test func aClientThatSendsAByteASecondIsClosedWhileAnotherIsAnswered() throws {
        let (server, _) = try echoServer(.init(connectionTimeoutSeconds: 2))
        defer { server.stop() }
        let slow = try #require(RawClient(port: server.port))
        let started = ContinuousClock.now
        var closedAfter: Duration?
        var answeredMeanwhile = false
        for byte in Array("GET /slowloris HTTP/1.1\r\nHost: x\r\nX-Padding: aaaaaaaaaaaaaaaa".utf8) {
            if !slow.send([byte]) {
                closedAfter = ContinuousClock.now - started
                break
            }
            let (_, closed) = slow.readUntilClosed(seconds: 1)
            if closed {
                closedAfter = ContinuousClock.now - started
                break
            }
            if !answeredMeanwhile {
                let other = RawClient.exchange(
                    port: server.port, "GET /other HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", seconds: 2)
                answeredMeanwhile = other?.text == "GET /other bytes=0"
            }
            if ContinuousClock.now - started > .seconds(8) { break }
        }
        #expect(answeredMeanwhile)
        let after = try #require(closedAfter, "the slow client was never closed")
        #expect(after >= .seconds(1.5) && after <= .seconds(6), "closed after \(after)")
    }

    @Test func twentyClientsAtOnceAllGetAnswers() throws {
        let (server, recorder) = try echoServer()
        defer { server.stop() }
        var clients: [RawClient] = []
        for _ in 0..<20 { clients.append(try #require(RawClient(port: server.port))) }
        for (i, client) in clients.enumerated() {
            #expect(client.send("GET /slow?i=\(i) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        }
        for client in clients {
            #expect(client.readResponse(seconds: 15)?.text == "GET /slow bytes=0")
        }
        // Handlers of 200 ms on a pool of 4 threads: more than one ran at a time.
        let most = recorder.running.withLock { $0.most }
        #expect(most > 1 && most <= 4, "at most \(most) handlers at once")
        let seen = Set(recorder.requests.withLock { $0.compactMap { $0.query["i"] } })
        #expect(seen == Set((0..<20).map(String.init)))
    }

    @Test func aLongHandlerHoldsOneThreadAndOutlivesTheTimeout() throws {
        let (server, recorder) = try echoServer(.init(connectionTimeoutSeconds: 1, threads: 2))
        defer { server.stop() }
        let long = try #require(RawClient(port: server.port))
        #expect(long.send("GET /long HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        // Wait until the long handler runs, then another request is answered meanwhile.
        let waitStart = ContinuousClock.now
        while recorder.running.withLock({ $0.now }) == 0 && ContinuousClock.now - waitStart < .seconds(5) {
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        let quick = RawClient.exchange(port: server.port, "GET /quick HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(quick?.text == "GET /quick bytes=0")
        #expect(recorder.running.withLock { $0.now } == 1, "the long handler was still running")
        // The handler's 1.5 s are not counted against the 1 s timeout: its reply arrives.
        #expect(long.readResponse(seconds: 5)?.text == "GET /long bytes=0")
    }

    @Test func connectionsOverThePerAddressLimitAreClosed() throws {
        let (server, _) = try echoServer(.init(threads: 1, perIPConnections: 2))
        defer { server.stop() }
        let first = try #require(RawClient(port: server.port))
        let second = try #require(RawClient(port: server.port))
        #expect(first.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(first.readResponse()?.status == 200)
        // The third from 127.0.0.1 is accepted by the system, then closed unanswered.
        let third = try #require(RawClient(port: server.port))
        third.send("GET /3 HTTP/1.1\r\nHost: x\r\n\r\n")
        let (bytes, closed) = third.readUntilClosed(seconds: 3)
        #expect(closed && bytes.isEmpty)
        #expect(second.send("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(second.readResponse()?.status == 200)
    }

    @Test func afterStopConnectingFails() throws {
        let (server, _) = try echoServer()
        let port = server.port
        #expect(RawClient.exchange(port: port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")?.status == 200)
        server.stop()
        server.stop()
        #expect(RawClient(port: port) == nil)
    }

    @Test func theHandlersHeadersWinAndBadOnesAreLeftOut() throws {
        let (server, _) = try echoServer()
        defer { server.stop() }
        let custom = try #require(
            RawClient.exchange(port: server.port, "GET /custom HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(custom.status == 201)
        #expect(custom.headers["content-security-policy"] == "default-src 'none'")
        #expect(custom.headers["x-bad"] == nil && custom.headers["injected"] == nil)
        #expect(custom.headers["cache-control"] == "no-store")
        #expect(custom.text == "made")
        let status = RawClient.exchange(
            port: server.port, "GET /status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(status?.status == 500)
    }
}

@Suite(.tags(.small))
struct HTTPServerSetupTests {
    @Test func aHostThatIsNoAddressOrALimitOutOfRangeIsRefused() {
        #expect(throws: HTTPServerError.invalidHost("localhost")) {
            try HTTPServer(host: "localhost", port: 0) { _ in .text("") }
        }
        #expect(throws: HTTPServerError.invalidLimits("the port must be 0 to 65535")) {
            try HTTPServer(port: 70_000) { _ in .text("") }
        }
        #expect(throws: HTTPServerError.invalidLimits("the thread count must be 1 to 256")) {
            try HTTPServer(port: 0, limits: .init(threads: 0)) { _ in .text("") }
        }
    }

    @Test func aTakenPortIsAnError() throws {
        let first = try HTTPServer(port: 0) { _ in .text("") }
        defer { first.stop() }
        #expect(throws: HTTPServerError.cannotStart(host: "127.0.0.1", port: first.port)) {
            try HTTPServer(port: first.port) { _ in .text("") }
        }
    }

    @Test func theDefaultLimits() {
        let limits = HTTPServer.Limits()
        #expect(limits.maximumBodyBytes == 64 * 1024 * 1024)
        #expect(limits.connectionTimeoutSeconds == 10)
        #expect(limits.maximumConnections == 64)
        #expect(limits.threads == 4)
        #expect(limits.perIPConnections == 32)
    }

    @Test func responseHelpers() {
        let e = HTTPResponse.error(404, "no \"such\" thing\n")
        #expect(e.status == 404)
        #expect(String(decoding: e.body, as: UTF8.self) == #"{"error":"no \"such\" thing\n"}"#)
        #expect(e.header("content-type") == "application/json; charset=utf-8")
        let j = HTTPResponse.json("[1]", status: 202)
        #expect(j.status == 202 && j.body == Array("[1]".utf8))
        let t = HTTPResponse.text("hi")
        #expect(t.status == 200 && t.header("Content-Type") == "text/plain; charset=utf-8")
        let b = HTTPResponse.bytes([1, 2], contentType: "image/png", status: 203)
        #expect(b.status == 203 && b.body == [1, 2] && b.header("CONTENT-TYPE") == "image/png")
    }
}
