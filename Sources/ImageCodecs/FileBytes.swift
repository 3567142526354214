// Offers: `FileBytes`, reading a whole file or standard input into memory with
// POSIX calls, telling "cannot open" (missing, no permission, a directory) apart
// from everything that happens to the bytes afterwards.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads encoded images into memory.
public enum FileBytes {
    /// The whole content of the file at `path` (open(2), fstat(2), read(2)).
    ///
    /// - Throws: `ImageCodecError.cannotOpen` when the file is missing, unreadable or a
    ///   directory; `.tooLarge` past `ImageLimits.maxInputBytes`.
    public static func read(atPath path: String) throws(ImageCodecError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(source: path, reason: errorText(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotOpen(source: path, reason: errorText(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .cannotOpen(source: path, reason: "is a directory") }
        let sizeHint = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        return try readAll(fd, source: path, sizeHint: sizeHint)
    }

    /// Everything on standard input until end of file, reported as `source`.
    /// - Throws: `ImageCodecError.cannotOpen` on a read error; `.tooLarge` past the limit.
    public static func readStandardInput(source: String = "<stdin>") throws(ImageCodecError) -> [UInt8] {
        try readAll(0, source: source, sizeHint: 0)
    }

    /// Everything readable from the open descriptor `fd` until end of file, reported as `source`.
    /// - Throws: `ImageCodecError.cannotOpen` on a read error; `.tooLarge` past the limit.
    public static func read(descriptor fd: Int32, source: String) throws(ImageCodecError) -> [UInt8] {
        try readAll(fd, source: source, sizeHint: 0)
    }

    /// Reads `fd` to end of file in chunks; `sizeHint` (a regular file's size) sizes the
    /// first allocation.
    static func readAll(_ fd: Int32, source: String, sizeHint: Int) throws(ImageCodecError) -> [UInt8] {
        guard sizeHint <= ImageLimits.maxInputBytes else {
            throw .tooLarge(source: source, reason: "file of \(sizeHint) bytes, more than \(ImageLimits.maxInputBytes)")
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(sizeHint + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = errno == EISDIR ? "is a directory" : errorText(errno)
                throw .cannotOpen(source: source, reason: reason)
            }
            if n == 0 { break }
            guard bytes.count + n <= ImageLimits.maxInputBytes else {
                throw .tooLarge(source: source, reason: "more than \(ImageLimits.maxInputBytes) bytes of input")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    private static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// read(2), under a name that `FileBytes.read(atPath:)` does not shadow.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
