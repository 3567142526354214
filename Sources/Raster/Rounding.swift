// Offers: `roundedToNearest(_:)`, `Double.rounded()` (halves away from zero)
// without the libm call this target makes for it (x86-64 without SSE4.1 has no
// rounding instruction), for the per-pixel loops.

/// `v.rounded()`, the same value for every `v`: a value from 0 up to 2⁵² is
/// rounded through its integer part (which converts exactly, leaving an exact
/// fraction); any other (negative, huge, NaN) through the library.
@inlinable @inline(__always)
public func roundedToNearest(_ v: Double) -> Double {
    guard v >= 0, v < 4_503_599_627_370_496 else { return v.rounded() }
    let t = Double(Int(v))
    return v - t >= 0.5 ? t + 1 : t
}

/// ⌊v⌋ for 0 ≤ v < 2²³, in arithmetic alone (no checked conversion, no
/// branch), so that a loop of it runs several values at a time: v + 2²³ lies
/// where floats are whole numbers, so its mantissa is v rounded to the nearest
/// whole number, one too many when rounded up. For other values (negative,
/// huge, NaN) the result means nothing; callers keep them out or ignore it.
@inlinable @inline(__always)
public func flooredNonNegative(_ v: Float) -> Int32 {
    let nearest = Int32(bitPattern: (v + 8_388_608).bitPattern & 0x7F_FFFF)
    return nearest &- (Float(nearest) > v ? 1 : 0)
}

/// `UInt8(min(255, max(0, v.rounded())))` for v below 2⁵², in arithmetic alone:
/// the rounded value, a whole number from 0 to 255, is the low byte of its sum
/// with 2⁵² (where doubles are whole numbers), so no conversion is checked.
@inlinable @inline(__always)
public func roundedByte(_ v: Double) -> UInt8 {
    UInt8(truncatingIfNeeded: (min(255, roundedNonNegative(max(0, v))) + 4_503_599_627_370_496.0).bitPattern & 0xFF)
}

/// `v.rounded()` for 0 ≤ v < 2⁵², in arithmetic alone (no conversion, no
/// branch), so that a loop of it runs several values at a time: v + 2⁵² − 2⁵²
/// is v to the nearest whole number, halves to even; less one when that is above
/// v, it is v's integer part, and the fraction left decides.
@inlinable @inline(__always)
public func roundedNonNegative(_ v: Double) -> Double {
    let magic = 4_503_599_627_370_496.0
    let even = (v + magic) - magic
    let whole = even > v ? even - 1 : even
    return v - whole >= 0.5 ? whole + 1 : whole
}
