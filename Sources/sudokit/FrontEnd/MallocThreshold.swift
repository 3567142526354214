// Offers: `MallocThreshold.fix()`, which keeps glibc's malloc giving large blocks
// back to the system when they are freed, so that the peak memory of a scan is
// its largest working set, not that plus the holes its pictures left.

#if canImport(Glibc)
import Glibc
#endif

enum MallocThreshold {
    /// Blocks of at least this many bytes get pages of their own (mmap), returned
    /// when freed. glibc starts at 128 KiB but raises the threshold to the size of
    /// each such block freed (up to 32 MiB), after which a scan's pictures come
    /// from the heap and their freed space stays in the process. Measured with
    /// GNU time on a 12-megapixel photo (`scan`, peak resident memory): the HEIC
    /// `TestImages/formats/photo-iphone14.heic` 153.6 MB with glibc's moving
    /// threshold, 131.2 with 128 KiB, 131.4 with 256 KiB, 131.8 with 1 MiB,
    /// 138.9 with 4 MiB, 160.9 with 16 MiB; the 4 JPEGs of TestImages/phone-full
    /// and the WebP within a megabyte or two either way (the JPEG worst
    /// 144.0 -> 142.8 with 256 KiB, 151.3 with 4 MiB); CPU per photo the same
    /// within the machine's noise (`bench scan`, 1 MiB: 12-MP / 640x480 10.07x
    /// and 10.19x without, 10.30x and 10.28x with).
    static let bytes: Int32 = 256 << 10
    /// malloc.h's `M_MMAP_THRESHOLD`.
    static let mmapThreshold: Int32 = -3

    /// Sets the threshold, unless `MALLOC_MMAP_THRESHOLD_` sets one already.
    static func fix() {
        #if canImport(Glibc)
        guard getenv("MALLOC_MMAP_THRESHOLD_") == nil else { return }
        // mallopt (malloc.h, not in the Glibc module), looked up in the C library.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, bytes)
        #endif
    }
}
