// Offers: `OpenMPLimit.ensure()`, which keeps Tesseract's OpenMP runtime to the
// thread that calls it, unless the user set a limit.

import GridScanner

#if canImport(Glibc)
    import Glibc
#endif

enum OpenMPLimit {
    /// Tesseract links OpenMP, whose worker threads make small recognitions several
    /// times slower and fight our own workers. The runtime is told to run every
    /// parallel region on the thread that enters it
    /// (`ReaderDiagnosis.keepOpenMPOnCallingThreads`). Only where it cannot be told that is the binary
    /// re-executed with `OMP_THREAD_LIMIT=1` (libgomp reads the variable only when
    /// it is loaded, before `main` runs). A limit the user set is kept.
    /// `SUDOKIT_NO_OMP_LIMIT=1` leaves the runtime as it is (used by the test that
    /// proves the limit works).
    static func ensure() {
        guard getenv("OMP_THREAD_LIMIT") == nil, getenv("SUDOKIT_NO_OMP_LIMIT") == nil else { return }
        if ReaderDiagnosis.keepOpenMPOnCallingThreads() { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        // execv only returns on failure; then carry on without the limit.
        _ = execv("/proc/self/exe", CommandLine.unsafeArgv)
    }
}
