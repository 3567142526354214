// Offers: `DecimalText`, numbers written with a given count of decimals, the one
// place the package turns a `Double` into decimal text: `fixed` (always that
// many decimals, as C's `%.Nf`), `scaled` (the same shape, rounded the way the
// benchmarks' figures always were), `trimmed` (at most that many, no trailing
// zeros) and `rounded` (the value itself, as JSON and SVG numbers take it).

/// Decimal text for numbers, without Foundation.
///
/// Two roundings live side by side because the package's outputs were written
/// with both and must not change: `fixed` rounds the exact binary value with ties
/// to even (what `String(format: "%.1f", x)` prints), while `scaled`, `rounded`
/// and `trimmed` round `x * 10^places` in `Double` arithmetic, halves away from
/// zero (`0.25` is `0.2` with the first, `0.3` with the others).
public enum DecimalText {
    /// `x` with exactly `places` decimals, as C's `printf("%.*f", places, x)`:
    /// the exact value of `x` rounded to nearest, ties to even; `-` before a
    /// negative value (`-0.0` too), `nan`, `inf` and `-inf` as glibc writes them.
    /// - Precondition: `places` in 0...18.
    public static func fixed(_ x: Double, places: Int) -> String {
        precondition((0...18).contains(places), "DecimalText.fixed: places must be in 0...18")
        let sign = x.sign == .minus ? "-" : ""
        if x.isNaN { return sign + "nan" }
        if x.isInfinite { return sign + "inf" }
        let digits = scaledDigits(x.magnitude, places: places)
        // At least one digit before the point.
        let padded = digits.count > places ? digits : String(repeating: "0", count: places + 1 - digits.count) + digits
        guard places > 0 else { return sign + padded }
        let point = padded.index(padded.endIndex, offsetBy: -places)
        return sign + padded[..<point] + "." + padded[point...]
    }

    /// `x * 10^places` rounded (halves away from zero) in `Double` arithmetic,
    /// written with `places` decimals: `0.123` for `scaled(0.1234, places: 3)`.
    /// Meant for values from zero up (a negative value's fraction is not written
    /// as a sign would be); traps when the scaled value does not fit an `Int`.
    public static func scaled(_ x: Double, places: Int) -> String {
        let unit = power(places)
        let t = Int((x * Double(unit)).rounded())
        guard places > 0 else { return "\(t)" }
        let fraction = t % unit
        var zeros = ""
        var limit = unit / 10
        while limit > 1 {
            if fraction < limit { zeros += "0" }
            limit /= 10
        }
        return "\(t / unit)." + zeros + "\(fraction)"
    }

    /// `x` rounded to `places` decimals: `(x * 10^places).rounded() / 10^places`,
    /// halves away from zero, in `Double` arithmetic.
    public static func rounded(_ x: Double, places: Int) -> Double {
        var p = 1.0
        for _ in 0..<places { p *= 10 }
        return (x * p).rounded() / p
    }

    /// `x` with at most `places` decimals and no trailing zeros (`12`, `12.5`):
    /// `rounded(x, places:)`, written as an integer when it is whole and as
    /// Swift writes a `Double` otherwise. Traps when a whole value does not fit
    /// an `Int` (infinities included).
    public static func trimmed(_ x: Double, places: Int) -> String {
        let r = rounded(x, places: places)
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    /// 10^n as an integer.
    static func power(_ n: Int) -> Int {
        var p = 1
        for _ in 0..<n { p *= 10 }
        return p
    }

    /// The decimal digits of `x * 10^places` rounded to nearest, ties to even,
    /// computed exactly (`x` finite and not negative), without leading zeros
    /// ("" for zero).
    static func scaledDigits(_ x: Double, places: Int) -> String {
        guard x != 0 else { return "" }
        // x = m * 2^e exactly, m a whole number below 2^53.
        let m = UInt128(x.significandBitPattern) | (x.isNormal ? UInt128(1) << 52 : 0)
        let e = (x.isNormal ? Int(x.exponentBitPattern) : 1) - 1075
        let scaledM = m * UInt128(power(places))  // below 2^53 * 10^18 < 2^113
        if e >= 0 {
            // A whole number: m * 10^places * 2^e, doubled in decimal digits.
            var digits = Array(String(scaledM).utf8).map { $0 - 48 }.reversed().map { Int($0) }
            for _ in 0..<e {
                var carry = 0
                for k in digits.indices {
                    let v = digits[k] * 2 + carry
                    digits[k] = v % 10
                    carry = v / 10
                }
                if carry > 0 { digits.append(carry) }
            }
            return String(digits.reversed().map { Character(Unicode.Scalar(UInt8(48 + $0))) })
        }
        let shift = -e
        // scaledM < 2^113, so from a shift of 114 up the value is below one half.
        guard shift <= 114 else { return "" }
        var q = scaledM >> shift
        let remainder = scaledM - (q << shift)
        let half = UInt128(1) << (shift - 1)
        if remainder > half || (remainder == half && q & 1 == 1) { q += 1 }
        return q == 0 ? "" : String(q)
    }
}
