// Offers: `OpenMPRuntime`, what the OpenMP runtime that libtesseract pulled in
// reports about itself.

internal import CTesseract  // links libtesseract, which links libgomp
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The OpenMP runtime loaded with libtesseract (libgomp on Debian).
///
/// Tesseract runs parts of its LSTM with OpenMP threads. For one small glyph those
/// threads cost more than they save and compete with our own workers, so the
/// `sudokit` binary makes every parallel region run on the thread that enters it:
/// `serializeParallelRegions()` sets the runtime's max-active-levels to 0 (a
/// process-wide setting that libgomp consults at every parallel region), or, where
/// that is not available, the binary re-executes itself with
/// `OMP_THREAD_LIMIT=1`, which libgomp reads only when it is loaded.
public enum OpenMPRuntime {
    /// The runtime's thread limit, from `omp_get_thread_limit()` looked up with
    /// `dlsym(RTLD_DEFAULT, ...)`; nil when no OpenMP runtime is loaded.
    /// Unlimited is reported as `Int(Int32.max)`.
    public static var threadLimit: Int? {
        typealias Function = @convention(c) () -> Int32
        // RTLD_DEFAULT is ((void *)0): search every loaded object.
        guard let symbol = dlsym(nil, "omp_get_thread_limit") else { return nil }
        return Int(unsafeBitCast(symbol, to: Function.self)())
    }

    /// The runtime's max-active-levels (`omp_get_max_active_levels()`): 0 when
    /// parallel regions run on one thread; nil when no OpenMP runtime is loaded.
    public static var maxActiveLevels: Int? {
        typealias Function = @convention(c) () -> Int32
        guard let symbol = dlsym(nil, "omp_get_max_active_levels") else { return nil }
        return Int(unsafeBitCast(symbol, to: Function.self)())
    }

    /// Makes every later parallel region run on the thread that enters it:
    /// max-active-levels 0 (`omp_set_max_active_levels`). The setting belongs to
    /// each thread (OpenMP 5 made it a per-task value), so it is made for the
    /// calling thread now and, from now on, by every engine before it recognises
    /// (`applySerializationToThisThread`). False when the runtime does not offer
    /// it, or does not take it (then nothing changed).
    @discardableResult
    public static func serializeParallelRegions() -> Bool {
        guard setMaxActiveLevels != 0 else { return false }
        serializing.store(true, ordering: .relaxed)
        applySerializationToThisThread()
        guard maxActiveLevels == 0 else {
            serializing.store(false, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Once `serializeParallelRegions()` was called: sets the calling thread's
    /// max-active-levels to 0 (a store into the thread's own settings).
    static func applySerializationToThisThread() {
        guard serializing.load(ordering: .relaxed) else { return }
        typealias Function = @convention(c) (Int32) -> Void
        unsafeBitCast(UnsafeRawPointer(bitPattern: setMaxActiveLevels)!, to: Function.self)(0)
    }

    /// Whether `serializeParallelRegions()` is in force.
    private static let serializing = Atomic<Bool>(false)
    /// The address of `omp_set_max_active_levels`, 0 when no runtime offers it.
    private static let setMaxActiveLevels: UInt =
        dlsym(nil, "omp_set_max_active_levels").map { UInt(bitPattern: $0) } ?? 0

    /// Threads this process runs now (the entries of `/proc/self/task`), nil
    /// where that cannot be read: OpenMP's pool threads show up here once a
    /// parallel region has run on more than one thread.
    public static var processThreads: Int? {
        guard let dir = opendir("/proc/self/task") else { return nil }
        defer { closedir(dir) }
        var count = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { count += 1 }
        }
        return count
    }

    /// The process's `OMP_THREAD_LIMIT` environment variable, nil when unset.
    public static var environmentThreadLimit: String? {
        getenv("OMP_THREAD_LIMIT").map { String(cString: $0) }
    }
}
