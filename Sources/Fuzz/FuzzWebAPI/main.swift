// Fuzz target: the web page's API (`sudokit serve`), fed requests made of the
// input: its first byte chooses the method and whether the token is sent, then
// lines give the path, the query (`k=v&k=v`) and the rest is the body. Every
// request is answered with a status 200-599, and none without the token is
// answered other than 403. The photo desk's folder is a temporary one; its
// workers scan whatever image an input happens to upload.
// No top-level code: libFuzzer supplies main (see scripts/fuzz).
import Foundation
import GameCore
import HTTPServer
import SudokitCommands

let fuzzAPI = WebAPI(
    token: "fuzz-token", photos: PhotoDesk(folder: NSTemporaryDirectory() + "sudokit-fuzz-web-\(getpid())", jobs: 1),
    games: GameDesk(store: GameStore(folder: NSTemporaryDirectory() + "sudokit-fuzz-web-\(getpid())/games")))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    let lines = rest.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
    let text = { (i: Int) in i < lines.count ? String(decoding: lines[i], as: UTF8.self) : "" }
    var query: [String: String] = [:]
    for pair in text(1).split(separator: "&") {
        let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query[String(kv[0])] = kv.count > 1 ? String(kv[1]) : ""
    }
    let withToken = first & 1 == 0
    let request = HTTPRequest(
        method: ["GET", "POST", "PUT", "DELETE"][Int(first >> 1) % 4], path: text(0), query: query,
        headers: withToken ? ["x-sudokit-token": "fuzz-token", "x-file-name": text(1)] : [:],
        body: lines.count > 2 ? Array(lines[2]) : [])
    let answer = fuzzAPI.handle(request)
    precondition((200...599).contains(answer.status), "status \(answer.status)")
    precondition(withToken || answer.status == 403, "answered without the token")
    return 0
}
