// Fuzz target: reading a `scan --out FILE --format jsonl` journal, as `--resume`
// does. `RecordIndex.load` lives in the executable, which a fuzz target cannot
// link, so this is the same loop over the same calls: whole lines only, each
// through JSONSerialization, kept when it is an object with a string `file` and
// a known `status`. Keep it in step with Sources/sudokit/Output/RecordIndex.swift.
// No top-level code: libFuzzer supplies main (see scripts/fuzz).
import Foundation
import GridScanner

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var latest: [String: (status: ScanStatus, offset: Int, length: Int)] = [:]
    var start = 0
    var notes = 0
    while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = Data(bytes[start..<end])
        if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
            let file = object["file"] as? String,
            let status = (object["status"] as? String).flatMap(ScanStatus.init(rawValue:))
        {
            latest[file] = (status, start, end + 1 - start)
        } else if !line.isEmpty {
            notes += 1
        }
        start = end + 1
    }
    precondition(
        start <= bytes.count && latest.values.allSatisfy { $0.offset + $0.length <= start },
        "a record past the whole lines")
    return 0
}
