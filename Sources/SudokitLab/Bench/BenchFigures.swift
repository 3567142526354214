// Offers: `BenchFigures`, how the benchmarks write their figures in text
// (shared by `bench explain` and `bench drill`, so neither calls the other).

enum BenchFigures {
    /// `0.123`: three decimals.
    static func ms3(_ v: Double) -> String {
        let t = Int((v * 1000).rounded())
        let f = t % 1000
        return "\(t / 1000)." + (f < 100 ? "0" : "") + (f < 10 ? "0" : "") + "\(f)"
    }
}
