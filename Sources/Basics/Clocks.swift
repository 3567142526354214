// Offers: `Clocks`, the package's clocks in one place: monotonic wall time for
// scan times, rates and benchmarks, and the calling thread's CPU time, which
// unlike wall time does not grow when other processes share the cores.

#if canImport(Glibc)
    import Glibc
#endif

public enum Clocks {
    /// Seconds on the monotonic clock (`CLOCK_MONOTONIC`).
    public static func monotonicSeconds() -> Double { read(CLOCK_MONOTONIC) }

    /// Milliseconds on the monotonic clock.
    public static func monotonicMilliseconds() -> Double { read(CLOCK_MONOTONIC) * 1000 }

    /// CPU time consumed by the calling thread, in milliseconds (`CLOCK_THREAD_CPUTIME_ID`).
    public static func threadCPUMilliseconds() -> Double { read(CLOCK_THREAD_CPUTIME_ID) * 1000 }

    /// Seconds since 1970-01-01 UTC (`CLOCK_REALTIME`), for today's date.
    public static func realtimeSeconds() -> Double { read(CLOCK_REALTIME) }

    /// CPU time consumed by the whole process (every thread), in seconds (`CLOCK_PROCESS_CPUTIME_ID`).
    public static func processCPUSeconds() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
