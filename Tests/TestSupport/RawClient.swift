// Offers `RawClient`, the tests' own HTTP client: a POSIX TCP socket to 127.0.0.1
// that writes bytes as they are given (a request line may be malformed, a body
// may be sent a byte at a time) and reads a reply within a deadline, and
// `RawResponse`, a reply split into status, headers and body.
import Glibc

/// A reply as read off the socket.
public struct RawResponse {
    public var status: Int
    /// Names in lower case.
    public var headers: [String: String]
    public var body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Parses a whole reply (status line, headers, blank line, body); nil when it is not one.
    public init?(_ bytes: [UInt8]) {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = RawResponse.find(separator, in: bytes) else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        var lines = head.components(separatedByCRLF: ())
        guard !lines.isEmpty else { return nil }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            return nil
        }
        self.status = status
        headers = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            headers[name] = String(value)
        }
        body = Array(bytes[(end + separator.count)...])
    }

    public static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) {
            return i
        }
        return nil
    }
}

extension String {
    /// The lines of a CRLF-separated head.
    public func components(separatedByCRLF: Void) -> [String] {
        var out: [String] = []
        var current = ""
        var previousCR = false
        for ch in unicodeScalars {
            if ch == "\n" && previousCR {
                out.append(current)
                current = ""
                previousCR = false
            } else if ch == "\r" {
                previousCR = true
            } else {
                if previousCR { current.unicodeScalars.append("\r") }
                previousCR = false
                current.unicodeScalars.append(ch)
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
}

/// One TCP connection to 127.0.0.1.
public final class RawClient {
    public let fd: Int32

    /// Connects to 127.0.0.1:`port`; nil when the connection is refused.
    public init?(port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Writes every byte; false when the peer has closed the connection.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Reads until the peer closes the connection or `seconds` pass; the bytes read
    /// and whether the connection was closed (end of file or reset).
    public func readUntilClosed(seconds: Double) -> (bytes: [UInt8], closed: Bool) {
        var out: [UInt8] = []
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = deadline - ContinuousClock.now
            if left <= .zero { return (out, false) }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ms = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&p, 1, ms)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return (out, true) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return (out, true)
            }
            out.append(contentsOf: buffer[..<n])
        }
    }

    /// Reads one reply: until the head is complete and Content-Length bytes of body
    /// have arrived, the connection closes, or `seconds` pass.
    public func readResponse(seconds: Double = 10) -> RawResponse? {
        var out: [UInt8] = []
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            if let r = RawResponse(out), let length = r.headers["content-length"].flatMap({ Int($0) }),
                r.body.count >= length
            {
                return r
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 50)
            if ready <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 {
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return RawResponse(out)
            }
            out.append(contentsOf: buffer[..<n])
        }
        return RawResponse(out)
    }

    /// Sends `request` on a new connection and reads the reply.
    public static func exchange(port: Int, _ request: String, seconds: Double = 10) -> RawResponse? {
        guard let client = RawClient(port: port), client.send(request) else { return nil }
        return client.readResponse(seconds: seconds)
    }
}
