// Offers: `HEIFReader`, the Swift owner of one libheif context and its primary image
// handle (HEIC/HEIF and AVIF): the stored and upright sizes, the Exif item, and a
// decode to 8-bit RGB with the file's irot/imir/clap transforms applied, alpha over
// white, optionally shrunk by an integer box filter.
internal import CHeif
import Raster

/// One libheif context reading one file (wraps `heif_context_*`, `heif_image_handle_*`
/// and `heif_decode_image`); freed on deinit.
///
/// libheif reports every failure as a returned `heif_error`, so unlike libjpeg and
/// libpng it needs no setjmp shim. Use it inside the scope that keeps the input bytes
/// alive (the context reads them without copying). Not thread-safe; one per decode.
final class HEIFReader {
    private let context: OpaquePointer
    private var handle: OpaquePointer?
    private let source: String
    private let format: ImageFormat

    /// The primary image's size as displayed (libheif: after its rotation and crop).
    private(set) var width = 0
    private(set) var height = 0
    /// The coded size (the `ispe` property), before rotation: what `storedWidth` reports.
    private(set) var storedWidth = 0
    private(set) var storedHeight = 0

    init(source: String, format: ImageFormat) throws(ImageCodecError) {
        guard let context = heif_context_alloc() else {
            throw .internalFailure(source: source, reason: "out of memory creating a \(format.displayName) reader")
        }
        self.context = context
        self.source = source
        self.format = format
        // libheif's own guard against absurd sizes, beside ImageLimits below: it
        // takes a side and allows its square in pixels, so the side given is the
        // root of `ImageLimits.maxPixels`. That guard is the one a grid image
        // meets before its canvas is allocated: a grid's `ispe` may claim a tiny
        // picture while its grid data asks for a vast one (found by
        // FuzzImageDecode: 24x32 claimed, 21065x17990 decoded, 2.5 GB).
        heif_context_set_maximum_image_size_limit(context, Int32(Double(ImageLimits.maxPixels).squareRoot()))
        // Grid images (phones store 512x512 tiles) are decoded on the calling thread:
        // a batch already runs one decode per core.
        heif_context_set_max_decoding_threads(context, 0)
    }

    deinit {
        if let handle { heif_image_handle_release(handle) }
        heif_context_free(context)
    }

    /// Parses the container and opens the primary image (`heif_context_read_from_memory_without_copy`,
    /// `heif_context_get_primary_image_handle`); no pixel is decoded. `data` must outlive the reader.
    func readHeader(_ data: UnsafeBufferPointer<UInt8>) throws(ImageCodecError) {
        try check(heif_context_read_from_memory_without_copy(context, data.baseAddress, data.count, nil))
        var primary: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &primary))
        guard let primary else { throw .corrupt(source: source, format: format, reason: "no primary image") }
        handle = primary
        width = Int(heif_image_handle_get_width(primary))
        height = Int(heif_image_handle_get_height(primary))
        storedWidth = Int(heif_image_handle_get_ispe_width(primary))
        storedHeight = Int(heif_image_handle_get_ispe_height(primary))
        if storedWidth <= 0 || storedHeight <= 0 { (storedWidth, storedHeight) = (width, height) }
        guard width > 0, height > 0 else {
            throw .corrupt(source: source, format: format, reason: "the primary image has no size (\(width)x\(height))")
        }
    }

    /// The EXIF orientation of the primary image's first "Exif" item, or 1. Informational:
    /// libheif turns the picture by `irot`/`imir`, which the HEIF spec makes authoritative.
    func exifOrientation(maxBytes: Int) -> Int {
        guard let handle else { return 1 }
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return 1 }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 0, size <= maxBytes else { return 1 }
        var ok = false
        let item = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            ok = heif_image_handle_get_metadata(handle, id, buffer.baseAddress).code == heif_error_Ok
            initialized = size
        }
        guard ok, let tiff = ExifOrientation.heifExifPayload(item) else { return 1 }
        return ExifOrientation.orientation(inTIFF: tiff) ?? 1
    }

    /// Decodes the primary image upright (`heif_decode_image` with transformations on),
    /// converted to 8-bit RGB, alpha composited over white, then shrunk by `shrink`
    /// (1...8) with a box filter: each side becomes ceil(side / shrink).
    ///
    /// Memory: an opaque 8-bit picture is taken from libheif as its YCbCr planes (1.5
    /// bytes a pixel for 4:2:0) and converted here while it is shrunk, so no full-size
    /// RGB copy exists (libheif's own conversion would add 3 bytes a pixel). Alpha,
    /// more than 8 bits and unusual matrices go through libheif's RGB(A) conversion.
    func decodeRGB(shrink: Int) throws(ImageCodecError) -> RGBImage {
        guard let handle else { throw .internalFailure(source: source, reason: "decode before the header was read") }
        let k = max(1, shrink)
        if heif_image_handle_has_alpha_channel(handle) == 0,
            let image = try decodeNative(handle, shrink: k)
        {
            return image
        }
        return try decodeThroughLibheifRGB(handle, shrink: k)
    }

    /// The picture from libheif's decoded YCbCr (or monochrome) planes, or nil when
    /// they are not 8-bit or their matrix is not one converted here.
    private func decodeNative(_ handle: OpaquePointer, shrink k: Int) throws(ImageCodecError) -> RGBImage? {
        guard let options = heif_decoding_options_alloc() else {
            throw .internalFailure(source: source, reason: "out of memory allocating decoding options")
        }
        defer { heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 0
        var decoded: OpaquePointer?
        try check(heif_decode_image(handle, &decoded, heif_colorspace_undefined, heif_chroma_undefined, options))
        guard let decoded else { throw .internalFailure(source: source, reason: "libheif returned no image") }
        defer { heif_image_release(decoded) }
        let colourspace = heif_image_get_colorspace(decoded), chroma = heif_image_get_chroma_format(decoded)
        let w = Int(heif_image_get_width(decoded, heif_channel_Y)),
            h = Int(heif_image_get_height(decoded, heif_channel_Y))
        func plane(_ channel: heif_channel) -> (UnsafeBufferPointer<UInt8>, Int, Int, Int)? {
            var stride: Int32 = 0
            let pw = Int(heif_image_get_width(decoded, channel)), ph = Int(heif_image_get_height(decoded, channel))
            guard pw > 0, ph > 0, heif_image_get_bits_per_pixel_range(decoded, channel) == 8,
                let p = heif_image_get_plane_readonly(decoded, channel, &stride), Int(stride) >= pw
            else { return nil }
            return (UnsafeBufferPointer(start: p, count: Int(stride) * (ph - 1) + pw), Int(stride), pw, ph)
        }
        guard w > 0, h > 0, let y = plane(heif_channel_Y) else { return nil }
        if colourspace == heif_colorspace_monochrome {
            return Self.shrunkYCbCr(
                y: y.0, yStride: y.1, cb: nil, cr: nil, cStride: 0, width: w, height: h,
                shift: (0, 0), matrix: .grey, by: k)
        }
        guard colourspace == heif_colorspace_YCbCr, let cb = plane(heif_channel_Cb), let cr = plane(heif_channel_Cr),
            cb.1 == cr.1
        else { return nil }
        let shift: (Int, Int)
        switch chroma {
        case heif_chroma_420: shift = (1, 1)
        case heif_chroma_422: shift = (1, 0)
        case heif_chroma_444: shift = (0, 0)
        default: return nil
        }
        guard cb.2 == (w + (1 << shift.0) - 1) >> shift.0, cb.3 == (h + (1 << shift.1) - 1) >> shift.1,
            cr.2 == cb.2, cr.3 == cb.3
        else { return nil }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        var matrix = YCbCrMatrix.bt601Full  // libheif's assumption when the file says nothing
        if heif_image_get_nclx_color_profile(decoded, &nclx).code == heif_error_Ok, let nclx {
            defer { heif_nclx_color_profile_free(nclx) }
            guard
                let m = YCbCrMatrix(
                    coefficients: Int(nclx.pointee.matrix_coefficients.rawValue),
                    fullRange: nclx.pointee.full_range_flag != 0)
            else { return nil }
            matrix = m
        }
        return Self.shrunkYCbCr(
            y: y.0, yStride: y.1, cb: cb.0, cr: cr.0, cStride: cb.1, width: w, height: h,
            shift: shift, matrix: matrix, by: k)
    }

    /// How Y, Cb and Cr become R, G and B (ITU-T H.273 matrix coefficients).
    struct YCbCrMatrix: Equatable {
        var kr: Double
        var kb: Double
        var fullRange: Bool
        var identity = false

        static let grey = YCbCrMatrix(kr: 0.299, kb: 0.114, fullRange: true)
        static let bt601Full = YCbCrMatrix(kr: 0.299, kb: 0.114, fullRange: true)

        /// nil for matrices not converted here (YCgCo, ICtCp, chromaticity-derived, ...).
        init?(coefficients: Int, fullRange: Bool) {
            switch coefficients {
            case 0: self.init(kr: 0, kb: 0, fullRange: fullRange, identity: true)  // GBR: Y = G, Cb = B, Cr = R
            case 1: self.init(kr: 0.2126, kb: 0.0722, fullRange: fullRange)
            case 2, 5, 6: self.init(kr: 0.299, kb: 0.114, fullRange: fullRange)  // unspecified: as libheif, BT.601
            case 4: self.init(kr: 0.30, kb: 0.11, fullRange: fullRange)
            case 7: self.init(kr: 0.212, kb: 0.087, fullRange: fullRange)
            case 9: self.init(kr: 0.2627, kb: 0.0593, fullRange: fullRange)
            default: return nil
            }
        }

        init(kr: Double, kb: Double, fullRange: Bool, identity: Bool = false) {
            self.kr = kr
            self.kb = kb
            self.fullRange = fullRange
            self.identity = identity
        }
    }

    /// 8-bit Y (and Cb, Cr subsampled by `shift`) to RGB, averaged over `k`×`k` blocks
    /// of luma and the chroma samples under them (the ragged last row and column over
    /// what exists). Averaging before converting equals converting before averaging,
    /// the matrix being affine, up to clipping. k = 1 converts each pixel.
    static func shrunkYCbCr(
        y: UnsafeBufferPointer<UInt8>, yStride: Int, cb: UnsafeBufferPointer<UInt8>?,
        cr: UnsafeBufferPointer<UInt8>?, cStride: Int, width w: Int, height h: Int,
        shift: (Int, Int), matrix: YCbCrMatrix, by k: Int
    ) -> RGBImage {
        let ow = (w + k - 1) / k, oh = (h + k - 1) / k
        let (sx, sy) = shift
        // Fixed point, 16 fractional bits: luma scale and offset, and the four chroma terms.
        let one = 65536.0
        let yScale = Int(((matrix.fullRange ? 1.0 : 255.0 / 219.0)) * one), yOffset = matrix.fullRange ? 0 : 16
        let cScale = matrix.fullRange ? 1.0 : 255.0 / 224.0
        let kg = 1 - matrix.kr - matrix.kb
        let crToR = Int(2 * (1 - matrix.kr) * cScale * one), cbToB = Int(2 * (1 - matrix.kb) * cScale * one)
        let cbToG = kg > 0 ? Int(2 * matrix.kb * (1 - matrix.kb) / kg * cScale * one) : 0
        let crToG = kg > 0 ? Int(2 * matrix.kr * (1 - matrix.kr) / kg * cScale * one) : 0
        let cw = (w + (1 << sx) - 1) >> sx
        // Chroma columns under each output column.
        let cx0 = (0..<ow).map { ($0 * k) >> sx }, cx1 = (0..<ow).map { (min(w, $0 * k + k) - 1) >> sx }
        let count = ow * oh * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            var ySums = [Int](repeating: 0, count: ow)
            var cbSums = [Int](repeating: 0, count: cw), crSums = [Int](repeating: 0, count: cw)
            for oy in 0..<oh {
                let y0 = oy * k, y1 = min(h, y0 + k)
                for i in ySums.indices { ySums[i] = 0 }
                for row in y0..<y1 {
                    let base = row * yStride
                    for x in 0..<w { ySums[x / k] += Int(y[base + x]) }
                }
                let c0 = y0 >> sy, c1 = (y1 - 1) >> sy
                if let cb, let cr {
                    for i in 0..<cw {
                        cbSums[i] = 0
                        crSums[i] = 0
                    }
                    for row in c0...c1 {
                        let base = row * cStride
                        for x in 0..<cw {
                            cbSums[x] += Int(cb[base + x])
                            crSums[x] += Int(cr[base + x])
                        }
                    }
                }
                let rows = y1 - y0, cRows = c1 - c0 + 1
                for ox in 0..<ow {
                    let n = rows * (min(w, ox * k + k) - ox * k)
                    let luma = ((ySums[ox] + n / 2) / n - yOffset) * yScale
                    var r = luma, g = luma, b = luma
                    if cb != nil {
                        var sb = 0, sr = 0
                        for x in cx0[ox]...cx1[ox] {
                            sb += cbSums[x]
                            sr += crSums[x]
                        }
                        let m = cRows * (cx1[ox] - cx0[ox] + 1)
                        let u = (sb * 256 + m / 2) / m - 128 * 256, v = (sr * 256 + m / 2) / m - 128 * 256  // x256
                        if matrix.identity {
                            g = luma
                            b = (u + 128 * 256) << 8
                            r = (v + 128 * 256) << 8
                        } else {
                            r = luma + (crToR * v) >> 8
                            g = luma - (cbToG * u + crToG * v) >> 8
                            b = luma + (cbToB * u) >> 8
                        }
                    }
                    let o = (oy * ow + ox) * 3
                    out[o] = UInt8(clamping: (r + 32768) >> 16)
                    out[o + 1] = UInt8(clamping: (g + 32768) >> 16)
                    out[o + 2] = UInt8(clamping: (b + 32768) >> 16)
                }
            }
            initialized = count
        }
        return RGBImage(width: ow, height: oh, pixels: pixels)
    }

    /// libheif's own conversion to interleaved 8-bit RGB(A), then `shrunk`.
    private func decodeThroughLibheifRGB(_ handle: OpaquePointer, shrink: Int) throws(ImageCodecError) -> RGBImage {
        let alpha = heif_image_handle_has_alpha_channel(handle) != 0
        let premultiplied = heif_image_handle_is_premultiplied_alpha(handle) != 0
        guard let options = heif_decoding_options_alloc() else {
            throw .internalFailure(source: source, reason: "out of memory allocating decoding options")
        }
        defer { heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 0  // irot, imir and clap are applied by libheif
        options.pointee.convert_hdr_to_8bit = 1
        var decoded: OpaquePointer?
        try check(
            heif_decode_image(
                handle, &decoded, heif_colorspace_RGB,
                alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options))
        guard let decoded else { throw .internalFailure(source: source, reason: "libheif returned no image") }
        defer { heif_image_release(decoded) }
        let w = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let h = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        var stride: Int32 = 0
        guard w > 0, h > 0, heif_image_get_bits_per_pixel_range(decoded, heif_channel_interleaved) == 8,
            let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride)
        else {
            throw .unsupported(source: source, format: format, reason: "libheif gave no 8-bit RGB picture")
        }
        let channels = alpha ? 4 : 3
        guard Int(stride) >= w * channels else {
            throw .internalFailure(source: source, reason: "libheif row stride \(stride) < \(w * channels)")
        }
        let rows = UnsafeBufferPointer(start: plane, count: Int(stride) * (h - 1) + w * channels)
        return Self.shrunk(
            rows, width: w, height: h, stride: Int(stride), channels: channels,
            premultiplied: premultiplied, by: max(1, shrink))
    }

    /// 8-bit RGB or RGBA rows to RGB over white, averaged over `k`×`k` blocks (the
    /// last row and column of blocks over the pixels that exist). k = 1 copies.
    static func shrunk(
        _ rows: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int, stride: Int, channels: Int,
        premultiplied: Bool, by k: Int
    ) -> RGBImage {
        let ow = (w + k - 1) / k, oh = (h + k - 1) / k
        let count = ow * oh * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            var sums = [Int](repeating: 0, count: ow * 3)
            for oy in 0..<oh {
                for i in sums.indices { sums[i] = 0 }
                let y0 = oy * k, y1 = min(h, y0 + k)
                for y in y0..<y1 {
                    var p = y * stride
                    for x in 0..<w {
                        var r = Int(rows[p]), g = Int(rows[p + 1]), b = Int(rows[p + 2])
                        if channels == 4 {
                            let a = Int(rows[p + 3])
                            if premultiplied {
                                r = min(255, r + 255 - a)
                                g = min(255, g + 255 - a)
                                b = min(255, b + 255 - a)
                            } else {
                                r = (r * a + 255 * (255 - a) + 127) / 255
                                g = (g * a + 255 * (255 - a) + 127) / 255
                                b = (b * a + 255 * (255 - a) + 127) / 255
                            }
                        }
                        let o = (x / k) * 3
                        sums[o] += r
                        sums[o + 1] += g
                        sums[o + 2] += b
                        p += channels
                    }
                }
                let bh = y1 - y0
                for ox in 0..<ow {
                    let n = bh * (min(w, ox * k + k) - ox * k)
                    let o = (oy * ow + ox) * 3
                    out[o] = UInt8((sums[ox * 3] + n / 2) / n)
                    out[o + 1] = UInt8((sums[ox * 3 + 1] + n / 2) / n)
                    out[o + 2] = UInt8((sums[ox * 3 + 2] + n / 2) / n)
                }
            }
            initialized = count
        }
        return RGBImage(width: ow, height: oh, pixels: pixels)
    }

    /// The one place a `heif_error` becomes an `ImageCodecError`.
    private func check(_ error: heif_error) throws(ImageCodecError) {
        guard error.code != heif_error_Ok else { return }
        // libheif quotes box types and values from the file: keep the message one plain line.
        let text = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        let message = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.properties.generalCategory {
                    case .control, .lineSeparator, .paragraphSeparator, .format: "?"
                    default: scalar
                    }
                }))
        switch error.code {
        case heif_error_Invalid_input where error.subcode == heif_suberror_End_of_data:
            throw .truncated(source: source, format: format, reason: message)
        case heif_error_Invalid_input, heif_error_Decoder_plugin_error:
            throw .corrupt(source: source, format: format, reason: message)
        case heif_error_Unsupported_filetype, heif_error_Unsupported_feature:
            throw .unsupported(source: source, format: format, reason: message)
        case heif_error_Memory_allocation_error where error.subcode == heif_suberror_Security_limit_exceeded:
            throw .tooLarge(source: source, reason: message)
        default:
            throw .internalFailure(source: source, reason: message)
        }
    }
}
