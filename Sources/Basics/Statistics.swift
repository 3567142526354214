// Offers: `Statistics`, summary figures of repeated measurements (median,
// quantile), as the benchmarks report them.

/// Summary figures of repeated measurements.
public enum Statistics {
    /// The median of `values` (the mean of the middle two for an even count); 0 when empty.
    public static func median(_ values: [Double]) -> Double {
        let v = values.sorted()
        guard !v.isEmpty else { return 0 }
        return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
    }

    /// The value at fraction `q` of the sorted values (0.9: the 90th percentile); 0 when empty.
    public static func quantile(_ values: [Double], _ q: Double) -> Double {
        let v = values.sorted()
        guard !v.isEmpty else { return 0 }
        return v[min(v.count - 1, Int(Double(v.count) * q))]
    }
}
