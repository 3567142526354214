// Offers: timing helpers shared by the `bench` kinds.

#if canImport(Glibc)
import Glibc
#endif

/// CPU time consumed by the calling thread, in milliseconds (CLOCK_THREAD_CPUTIME_ID).
func threadCPUMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
}

/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    let v = values.sorted()
    guard !v.isEmpty else { return 0 }
    return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
}

/// `ms` with two decimals, without Foundation.
func formatMilliseconds(_ ms: Double) -> String {
    let hundredths = Int((ms * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
