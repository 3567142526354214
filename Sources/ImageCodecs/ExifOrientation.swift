// Offers: `ExifOrientation`, reading the EXIF orientation tag (0x0112) from a JPEG's
// APP1 "Exif" segment, a PNG's eXIf chunk, a WebP's EXIF chunk, or the payload of a
// HEIF "Exif" item (which libheif hands over).
// Every read is bounds-checked: malformed EXIF yields orientation 1, never an error,
// because a photo with a broken metadata block is still a good photo.

/// Finds the EXIF orientation of an encoded image.
public enum ExifOrientation {
    /// The orientation tag (1...8) of `bytes` in `format`, or 1 when absent or malformed.
    ///
    /// JPEG: the first APP1 segment that starts "Exif\0\0" before the first scan.
    /// PNG: the eXIf chunk. WebP: the EXIF chunk of an extended (VP8X) file.
    /// HEIF and AVIF: always 1 here, because their Exif item is found through the
    /// container's item table, which libheif reads (see `heifExifPayload`); their EXIF
    /// orientation is informational anyway (`ImageFormat.appliesExifOrientation`).
    /// Complexity: one pass over the segment or chunk headers.
    public static func find(in bytes: [UInt8], format: ImageFormat) -> Int {
        let tiff: ArraySlice<UInt8>?
        switch format {
        case .jpeg: tiff = jpegExifPayload(bytes)
        case .png: tiff = pngExifPayload(bytes)
        case .webp: tiff = webpExifPayload(bytes)
        case .heif, .avif: tiff = nil
        }
        guard let tiff else { return 1 }
        return orientation(inTIFF: tiff) ?? 1
    }

    /// The TIFF block of the first Exif APP1 segment before SOS, if any.
    static func jpegExifPayload(_ b: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 2  // after SOI
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan data or end: no EXIF after this
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])  // includes the two length bytes
            guard length >= 2, i + 2 + length <= b.count else { return nil }
            let payload = b[(i + 4)..<(i + 2 + length)]
            let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
            if marker == 0xE1, payload.starts(with: exifHeader) {
                return payload.dropFirst(exifHeader.count)
            }
            i += 2 + length
        }
        return nil
    }

    /// The data of the first eXIf chunk, if any. Chunk CRCs are libpng's business.
    static func pngExifPayload(_ b: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 8  // after the signature
        while i + 8 <= b.count {
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let type = b[(i + 4)..<(i + 8)]
            guard length <= b.count - i - 8 else { return nil }
            if type.elementsEqual([0x65, 0x58, 0x49, 0x66]) {  // "eXIf"
                return b[(i + 8)..<(i + 8 + length)]
            }
            if type.elementsEqual([0x49, 0x45, 0x4E, 0x44]) { return nil }  // "IEND"
            i += 12 + length  // length, type, data, CRC
        }
        return nil
    }

    /// The TIFF block of the first EXIF chunk of a RIFF WebP file, if any. The WebP
    /// container spec says the chunk holds the TIFF block itself; some writers put
    /// "Exif\0\0" in front as in JPEG, which is skipped.
    static func webpExifPayload(_ b: [UInt8]) -> ArraySlice<UInt8>? {
        guard b.count >= 12, b.starts(with: Array("RIFF".utf8)), b[8..<12].elementsEqual("WEBP".utf8) else {
            return nil
        }
        var i = 12  // after "RIFF", the size and "WEBP"
        while i + 8 <= b.count {
            let type = b[i..<(i + 4)]
            let length = Int(b[i + 4]) | Int(b[i + 5]) << 8 | Int(b[i + 6]) << 16 | Int(b[i + 7]) << 24
            guard length <= b.count - i - 8 else { return nil }
            if type.elementsEqual("EXIF".utf8) {
                return stripExifHeader(b[(i + 8)..<(i + 8 + length)])
            }
            i += 8 + length + (length & 1)  // chunks are padded to an even size
        }
        return nil
    }

    /// The TIFF block of a HEIF "Exif" item's data: a 4-byte big-endian offset to the
    /// TIFF header (usually 6, past "Exif\0\0"), then the bytes it skips, then TIFF.
    static func heifExifPayload(_ item: [UInt8]) -> ArraySlice<UInt8>? {
        guard item.count >= 4 else { return nil }
        let offset = Int(item[0]) << 24 | Int(item[1]) << 16 | Int(item[2]) << 8 | Int(item[3])
        guard offset <= item.count - 4 else { return nil }
        return stripExifHeader(item[(4 + offset)...])
    }

    /// `block` without a leading "Exif\0\0", when it has one.
    private static func stripExifHeader(_ block: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
        return block.starts(with: exifHeader) ? block.dropFirst(exifHeader.count) : block
    }

    /// The orientation in IFD0 of a TIFF block (header "II*\0" or "MM\0*"), or nil
    /// when the block is malformed or the tag is absent or out of 1...8.
    static func orientation(inTIFF tiff: ArraySlice<UInt8>) -> Int? {
        let t = Array(tiff)  // zero-based indices
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for n in 0..<count {
            let entry = ifd + 2 + 12 * n
            guard let tag = u16(entry), let type = u16(entry + 2), let valueCount = u32(entry + 4) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (3) as the standard says; LONG (4) as a few writers do. The value
            // sits left-justified in the 4-byte field in both byte orders.
            let value: Int?
            switch type {
            case 3: value = u16(entry + 8)
            case 4: value = u32(entry + 8)
            default: value = nil
            }
            guard valueCount >= 1, let value, (1...8).contains(value) else { return nil }
            return value
        }
        return nil
    }
}
