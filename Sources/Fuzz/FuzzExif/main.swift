// Fuzz target: `ExifOrientation.find` alone, which walks JPEG segments, PNG
// chunks and a TIFF directory by hand. The first byte chooses what the rest is:
//   0: JPEG markers after SOI; 1: PNG chunks after the signature;
//   2: a TIFF block, wrapped here in an APP1 "Exif" segment.
// The answer must be an orientation 1...8 whatever the bytes.
// No top-level code: libFuzzer supplies main (see scripts/fuzz).
import ImageCodecs

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let orientation: Int
    switch data[0] % 3 {
    case 0:
        orientation = ExifOrientation.find(in: ImageFormat.jpeg.magic.prefix(2) + rest, format: .jpeg)
    case 1:
        orientation = ExifOrientation.find(in: ImageFormat.png.magic + rest, format: .png)
    default:
        let tiff = Array("Exif\0\0".utf8) + rest.prefix(65_000)
        let length = tiff.count + 2
        let app1: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 255)] + tiff + [0xFF, 0xDA]
        orientation = ExifOrientation.find(in: app1, format: .jpeg)
    }
    precondition((1...8).contains(orientation), "orientation \(orientation)")
    return 0
}
