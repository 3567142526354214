// Offers `HTTPServer`: a small HTTP/1.1 server over libmicrohttpd (CMicroHTTPD) that
// hands each complete request to one Swift function and sends back what it returns,
// with limits on body size, time, connections and threads, and safety headers on
// every response.
internal import CMicroHTTPD
import Glibc
import Synchronization

/// Why a server did not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// The host is not an IPv4 or IPv6 address in text (names are not looked up).
    case invalidHost(String)
    /// A limit or the port is out of range; the message says which.
    case invalidLimits(String)
    /// libmicrohttpd could not start (the port is taken, say).
    case cannotStart(host: String, port: Int)

    /// One line that says what went wrong.
    public var description: String {
        switch self {
        case .invalidHost(let host): "'\(host)' is not an IP address to listen on"
        case .invalidLimits(let message): message
        case .cannotStart(let host, let port): "cannot listen on \(host) port \(port) (is the port taken?)"
        }
    }
}

/// An HTTP server on one address and port: a pool of threads reads requests (at most
/// `Limits.maximumBodyBytes` of body, within `Limits.connectionTimeoutSeconds`) and calls
/// `handler` with each complete one, on the thread that read it: a slow handler holds
/// that thread only. Stops on `stop()` or when released.
public final class HTTPServer: Sendable {
    /// What the server allows a client.
    public struct Limits: Sendable, Equatable {
        /// The largest body accepted. A larger one is refused without reading the rest:
        /// with 413 when its Content-Length says so (before any of it is read); a body
        /// without one (chunked) has its connection closed once the bytes received pass
        /// the limit (libmicrohttpd cannot queue a response while a body is arriving).
        public var maximumBodyBytes: Int
        /// The time a request (its line, headers and body) may take to arrive, and the
        /// time a response may take to leave; also the idle time of a kept-alive
        /// connection. A client that sends one byte a second is closed at the end of it.
        public var connectionTimeoutSeconds: Int
        /// Connections open at once, over all threads.
        public var maximumConnections: Int
        /// The threads that read requests and run the handler.
        public var threads: Int
        /// Connections open at once from one IP address.
        public var perIPConnections: Int

        /// The defaults: 64 MiB of body, 10 s, 64 connections, 4 threads, 32 connections per IP address.
        public init(
            maximumBodyBytes: Int = 64 << 20, connectionTimeoutSeconds: Int = 10, maximumConnections: Int = 64,
            threads: Int = 4, perIPConnections: Int = 32
        ) {
            self.maximumBodyBytes = maximumBodyBytes
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.maximumConnections = maximumConnections
            self.threads = threads
            self.perIPConnections = perIPConnections
        }

        /// Nil when every limit is in range, else what is wrong.
        func problem() -> String? {
            if maximumBodyBytes < 0 { return "the body limit must be 0 or more bytes" }
            if !(1...86_400).contains(connectionTimeoutSeconds) { return "the timeout must be 1 to 86400 seconds" }
            if !(1...100_000).contains(maximumConnections) { return "the connection limit must be 1 to 100000" }
            if !(1...256).contains(threads) { return "the thread count must be 1 to 256" }
            if !(1...100_000).contains(perIPConnections) { return "the per-address limit must be 1 to 100000" }
            return nil
        }
    }

    /// The address listened on, as given.
    public let host: String
    /// The port listened on (the one the system chose when 0 was asked for).
    public let port: Int
    /// The limits in force.
    public let limits: Limits
    let context: ServerContext
    /// The daemon and the watchdog thread while running (as bit patterns); zeros once stopped.
    let running: Mutex<(daemon: UInt, watchdog: UInt)>

    /// Starts listening on `host` (an IP address in text) and `port` (0: a free port,
    /// then read `port`), and calls `handler` with every request that arrives whole.
    /// - Throws: `HTTPServerError` when the host is no address, a limit is out of
    ///   range, or the daemon cannot start.
    public init(
        host: String = "127.0.0.1", port: Int, limits: Limits = Limits(),
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws(HTTPServerError) {
        guard (0...65_535).contains(port) else { throw .invalidLimits("the port must be 0 to 65535") }
        if let problem = limits.problem() { throw .invalidLimits(problem) }
        var probe4 = in_addr()
        var probe6 = in6_addr()
        guard inet_pton(AF_INET, host, &probe4) == 1 || inet_pton(AF_INET6, host, &probe6) == 1 else {
            throw .invalidHost(host)
        }
        let context = ServerContext(handler: handler, limits: limits)
        let cls = Unmanaged.passUnretained(context).toOpaque()
        let daemon = sk_mhd_start(
            host, UInt16(port), UInt32(limits.threads), UInt32(limits.connectionTimeoutSeconds),
            UInt32(limits.maximumConnections), UInt32(limits.perIPConnections),
            { cls, connection, _, method, _, uploadData, uploadSize, requestContext in
                guard let cls, let connection, let uploadSize, let requestContext else { return .NO }
                let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
                return context.access(
                    connection: connection, method: method, uploadData: uploadData, uploadSize: uploadSize,
                    requestContext: requestContext)
            },
            { cls, connection, requestContext, _ in
                if let slot = requestContext, let state = slot.pointee {
                    Unmanaged<RequestState>.fromOpaque(state).release()
                    slot.pointee = nil
                }
                guard let cls, let connection else { return }
                Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().restartClock(connection)
            },
            { _, uri, _ in
                let target = uri.flatMap { String(validatingCString: $0) }
                return Unmanaged.passRetained(RequestState(target: target)).toOpaque()
            },
            { cls, connection, _, code in
                guard let cls, let connection else { return }
                let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
                if code == .CONNECTION_NOTIFY_STARTED {
                    context.opened(connection, socket: sk_mhd_connection_fd(connection))
                } else {
                    context.closed(connection)
                }
            }, cls)
        guard let daemon else { throw .cannotStart(host: host, port: port) }
        var thread = pthread_t()
        let retained = Unmanaged.passRetained(context).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                let context = Unmanaged<ServerContext>.fromOpaque(argument).takeRetainedValue()
                context.watch()
                return nil
            }, retained)
        if started != 0 {
            Unmanaged<ServerContext>.fromOpaque(retained).release()
            MHD_stop_daemon(daemon)
            throw .cannotStart(host: host, port: port)
        }
        self.host = host
        self.port = Int(sk_mhd_bind_port(daemon))
        self.limits = limits
        self.context = context
        self.running = Mutex((UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(daemon))), UInt(thread)))
    }

    /// Stops listening, closes the connections and waits for the handlers running to
    /// return. Safe to call more than once; never call it from inside the handler.
    public func stop() {
        let (daemon, watchdog) = running.withLock { state in
            defer { state = (0, 0) }
            return state
        }
        if daemon != 0, let pointer = OpaquePointer(bitPattern: daemon) {
            MHD_stop_daemon(pointer)
        }
        if watchdog != 0 {
            context.table.withLock { $0.stopping = true }
            pthread_join(pthread_t(watchdog), nil)
        }
    }

    deinit {
        stop()
    }
}

/// What one request has gathered so far; owned by libmicrohttpd's request context
/// (retained there, released when the request completes) and used by one thread at a time.
final class RequestState {
    /// The raw request target (nil when it was not UTF-8).
    let target: String?
    /// Whether the access handler has seen the request's headers.
    var started = false
    /// Whether the request was refused (413) before its body was read.
    var refused = false
    var body: [UInt8] = []

    init(target: String?) {
        self.target = target
    }
}

/// One open connection, as the watchdog sees it.
struct ConnectionEntry {
    var socket: Int32
    /// When its present request (or response, or idle time) began.
    var since: ContinuousClock.Instant
    /// Whether the handler is running for it (the clock does not run then).
    var busy = false
    /// Whether the watchdog has shut its socket down.
    var shut = false
}

/// The open connections, keyed by the address of libmicrohttpd's connection.
struct ConnectionTable {
    var entries: [Int: ConnectionEntry] = [:]
    var stopping = false
}

/// What the C callbacks reach through their `cls`: the handler, the limits and the
/// open connections.
final class ServerContext: Sendable {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let limits: Limits
    let table = Mutex(ConnectionTable())

    typealias Limits = HTTPServer.Limits

    init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, limits: Limits) {
        self.handler = handler
        self.limits = limits
    }

    // MARK: the watchdog

    func opened(_ connection: OpaquePointer, socket: Int32) {
        let now = ContinuousClock.now
        table.withLock {
            $0.entries[Int(bitPattern: UnsafeRawPointer(connection))] = ConnectionEntry(socket: socket, since: now)
        }
    }

    func closed(_ connection: OpaquePointer) {
        _ = table.withLock { $0.entries.removeValue(forKey: Int(bitPattern: UnsafeRawPointer(connection))) }
    }

    /// The connection's clock starts again (a response was queued or has been sent).
    func restartClock(_ connection: OpaquePointer, busy: Bool = false) {
        let now = ContinuousClock.now
        let key = Int(bitPattern: UnsafeRawPointer(connection))
        table.withLock { table in
            table.entries[key]?.since = now
            table.entries[key]?.busy = busy
        }
    }

    /// The watchdog thread's loop: every 100 ms, shuts down the socket of each
    /// connection whose request or response has taken longer than the timeout
    /// (libmicrohttpd's own timeout closes only idle connections). The socket is
    /// shut down, not closed, under the table's lock: libmicrohttpd closes it after
    /// telling `closed`, which takes the same lock.
    func watch() {
        let timeout = Duration.seconds(limits.connectionTimeoutSeconds)
        while true {
            var pause = timespec(tv_sec: 0, tv_nsec: 100_000_000)
            nanosleep(&pause, nil)
            let now = ContinuousClock.now
            let stopping = table.withLock { table in
                if table.stopping { return true }
                for (key, entry) in table.entries where !entry.busy && !entry.shut && now - entry.since > timeout {
                    if entry.socket >= 0 { shutdown(entry.socket, Int32(SHUT_RDWR)) }
                    table.entries[key]?.shut = true
                }
                return false
            }
            if stopping { return }
        }
    }

    // MARK: requests

    /// libmicrohttpd's access handler: called once the headers are read, then with
    /// each piece of body, then once more with none when the body is complete.
    func access(
        connection: OpaquePointer, method: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let raw = requestContext.pointee else { return .NO }
        let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        let limit = limits.maximumBodyBytes
        if state.refused {
            uploadSize.pointee = 0
            return .YES
        }
        if !state.started {
            state.started = true
            if let text = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
                let length = Int(String(cString: text))
            {
                if length > limit {
                    state.refused = true
                    return queue(tooLarge(), on: connection)
                }
                state.body.reserveCapacity(max(0, length))
            }
            return .YES
        }
        let size = uploadSize.pointee
        if size > 0 {
            if size > limit - state.body.count {
                // A 413 if libmicrohttpd takes it now; else (in the middle of a body) .NO closes.
                state.refused = true
                uploadSize.pointee = 0
                return queue(tooLarge(), on: connection)
            }
            if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
                    state.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
                }
            }
            uploadSize.pointee = 0
            return .YES
        }
        guard let target = state.target, let (path, query) = QueryText.parseTarget(target) else {
            return queue(.error(400, "the request's path or query is not valid percent-encoded UTF-8"), on: connection)
        }
        let request = HTTPRequest(
            method: method.flatMap { String(validatingCString: $0) } ?? "",
            path: path, query: query, headers: headers(of: connection), body: state.body,
            remoteAddress: remoteAddress(of: connection))
        state.body = []
        restartClock(connection, busy: true)
        let response = handler(request)
        restartClock(connection)
        return queue(response, on: connection)
    }

    func tooLarge() -> HTTPResponse {
        .error(413, "the body is larger than \(limits.maximumBodyBytes) bytes")
    }

    /// The request's headers, names in lower case, a repeated one's values joined by ", ".
    func headers(of connection: OpaquePointer) -> [String: String] {
        let collector = HeaderCollector()
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values(
                connection, .HEADER_KIND,
                { cls, _, key, value in
                    guard let cls, let key else { return .YES }
                    let collector = Unmanaged<HeaderCollector>.fromOpaque(cls).takeUnretainedValue()
                    let name = String(cString: key).lowercased()
                    let text = value.map { String(cString: $0) } ?? ""
                    if let before = collector.values[name] {
                        collector.values[name] = before + ", " + text
                    } else {
                        collector.values[name] = text
                    }
                    return .YES
                }, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.values
    }

    func remoteAddress(of connection: OpaquePointer) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let found = buffer.withUnsafeMutableBufferPointer {
            sk_mhd_client_address(connection, $0.baseAddress, $0.count)
        }
        guard found == 1 else { return nil }
        return buffer.withUnsafeBufferPointer { String(validatingCString: $0.baseAddress!) }
    }

    /// The safety headers every response carries unless the handler set its own.
    static let safetyHeaders: [HTTPHeader] = [
        HTTPHeader(name: "Cache-Control", value: "no-store"),
        HTTPHeader(name: "X-Content-Type-Options", value: "nosniff"),
        HTTPHeader(name: "Referrer-Policy", value: "no-referrer"),
        HTTPHeader(
            name: "Content-Security-Policy",
            value: "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
                + "script-src 'self' 'unsafe-inline'; connect-src 'self'"),
    ]

    /// Queues `response` on the connection (the body copied). A status outside
    /// 100...599 is sent as 500; a header libmicrohttpd refuses (a line break in it,
    /// Content-Length) is left out.
    func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBytes { buffer in
            MHD_create_response_from_buffer(
                buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        var names = Set<String>()
        for header in response.headers where !header.name.utf8.contains(0) && !header.value.utf8.contains(0) {
            if MHD_add_response_header(made, header.name, header.value) == .YES {
                names.insert(header.name.lowercased())
            }
        }
        for header in Self.safetyHeaders where !names.contains(header.name.lowercased()) {
            _ = MHD_add_response_header(made, header.name, header.value)
        }
        let status = (100...599).contains(response.status) ? response.status : 500
        return MHD_queue_response(connection, UInt32(status), made)
    }
}

/// Gathers headers in libmicrohttpd's iteration (one thread).
final class HeaderCollector {
    var values: [String: String] = [:]
}
