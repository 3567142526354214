// Offers: `Clocks`, the front end's clocks in one place: monotonic wall time for
// rates and benchmarks, and the calling thread's CPU time, which unlike wall time
// does not grow when other processes share the cores.

#if canImport(Glibc)
import Glibc
#endif

package enum Clocks {
    /// Seconds on the monotonic clock (`CLOCK_MONOTONIC`).
    package static func monotonicSeconds() -> Double { read(CLOCK_MONOTONIC) }

    /// Milliseconds on the monotonic clock.
    package static func monotonicMilliseconds() -> Double { read(CLOCK_MONOTONIC) * 1000 }

    /// CPU time consumed by the calling thread, in milliseconds (`CLOCK_THREAD_CPUTIME_ID`).
    package static func threadCPUMilliseconds() -> Double { read(CLOCK_THREAD_CPUTIME_ID) * 1000 }

    /// Seconds since 1970-01-01 UTC (`CLOCK_REALTIME`), for today's date.
    package static func realtimeSeconds() -> Double { read(CLOCK_REALTIME) }

    /// CPU time consumed by the whole process (every thread), in seconds (`CLOCK_PROCESS_CPUTIME_ID`).
    package static func processCPUSeconds() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// Summary figures of repeated measurements.
package enum Statistics {
    /// The median of `values` (the mean of the middle two for an even count); 0 when empty.
    package static func median(_ values: [Double]) -> Double {
        let v = values.sorted()
        guard !v.isEmpty else { return 0 }
        return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
    }

    /// The value at fraction `q` of the sorted values (0.9: the 90th percentile); 0 when empty.
    package static func quantile(_ values: [Double], _ q: Double) -> Double {
        let v = values.sorted()
        guard !v.isEmpty else { return 0 }
        return v[min(v.count - 1, Int(Double(v.count) * q))]
    }

    /// `value` with two decimals, e.g. `4.60`.
    package static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
