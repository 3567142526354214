// Offers the values a handler of `HTTPServer` sees and returns: `HTTPRequest` (method,
// decoded path and query, headers, body, peer) and `HTTPResponse` (status, headers,
// body) with its helpers for JSON, text, bytes and JSON errors.
import Basics

/// One request, complete: its body has arrived whole.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, ... as the client sent it.
    public var method: String
    /// The target's path, percent-decoded (a `+` stays a `+`), without the query.
    public var path: String
    /// The query's parameters, decoded (`+` is a space); a repeated name keeps its first value.
    public var query: [String: String]
    /// The headers, names in lower case; a repeated header's values joined by `, `.
    public var headers: [String: String]
    /// The body's bytes (empty when there is none).
    public var body: [UInt8]
    /// The peer's IP address as text, when known.
    public var remoteAddress: String?

    /// A request of these parts (the server makes them; tests may too).
    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: [UInt8] = [], remoteAddress: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }
}

/// One header of a response.
public struct HTTPHeader: Sendable, Equatable {
    /// As it is sent (names are compared without case).
    public var name: String
    /// One line of text: a header with a line break (or NUL) in it is not sent.
    public var value: String

    /// A header of this name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A response: its status, headers (in order; the server adds its safety headers
/// unless one of the same name is here) and body.
public struct HTTPResponse: Sendable {
    /// 100 to 599; anything else is sent as 500.
    public var status: Int
    /// In order; Content-Length is the server's (one set here is left out).
    public var headers: [HTTPHeader]
    /// The bytes sent (copied when the response is queued).
    public var body: [UInt8]

    /// A response of these parts.
    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name` (compared without case), if any.
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name.lowercased() == lower }?.value
    }

    /// `text` as `application/json; charset=utf-8`.
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        bytes(Array(text.utf8), contentType: "application/json; charset=utf-8", status: status)
    }

    /// `text` as `text/plain; charset=utf-8`.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        bytes(Array(text.utf8), contentType: "text/plain; charset=utf-8", status: status)
    }

    /// `body` with the content type given.
    public static func bytes(_ body: [UInt8], contentType: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader(name: "Content-Type", value: contentType)], body: body)
    }

    /// `{"error": message}` with the status given.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(JSONText.object([("error", JSONText.quoted(message))]), status: status)
    }
}
