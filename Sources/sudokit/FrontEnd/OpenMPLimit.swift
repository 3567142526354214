// Offers: `OpenMPLimit.ensure()`, which re-executes the binary with
// `OMP_THREAD_LIMIT=1` unless the user set a limit.

#if canImport(Glibc)
import Glibc
#endif

enum OpenMPLimit {
    /// Tesseract links OpenMP, whose worker threads make small recognitions several
    /// times slower and fight our own workers. libgomp reads `OMP_THREAD_LIMIT` only
    /// when the library is loaded, before `main` runs, so setting it here is too
    /// late: when the user has not set it, re-execute this binary with it set.
    /// `SUDOKIT_NO_REEXEC=1` disables this (used by the test that proves it).
    static func ensure() {
        guard getenv("OMP_THREAD_LIMIT") == nil, getenv("SUDOKIT_NO_REEXEC") == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        // execv only returns on failure; then carry on without the limit.
        _ = execv("/proc/self/exe", CommandLine.unsafeArgv)
    }
}
