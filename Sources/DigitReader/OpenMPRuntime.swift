// Offers: `OpenMPRuntime`, what the OpenMP runtime that libtesseract pulled in
// reports about itself.

#if canImport(Glibc)
import Glibc
#endif
internal import CTesseract  // links libtesseract, which links libgomp

/// The OpenMP runtime loaded with libtesseract (libgomp on Debian).
///
/// Tesseract runs parts of its LSTM with OpenMP threads. For one small glyph those
/// threads cost more than they save and compete with our own workers, so the
/// `sudokit` binary runs with `OMP_THREAD_LIMIT=1`. libgomp reads that variable
/// once, when it is loaded, so only the runtime itself can say what is in force.
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

    /// The process's `OMP_THREAD_LIMIT` environment variable, nil when unset.
    public static var environmentThreadLimit: String? {
        getenv("OMP_THREAD_LIMIT").map { String(cString: $0) }
    }
}
