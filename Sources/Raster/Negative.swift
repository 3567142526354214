// Offers: `GrayImage.negative()` and `RGBImage.negative()`, the picture with
// every sample v turned into 255 − v: light print on a dark ground (a phone
// in dark mode) becomes dark print on a light one.

extension GrayImage {
    /// Every level v as 255 − v. O(width × height).
    public func negative() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.map { 255 &- $0 })
    }
}

extension RGBImage {
    /// Every sample v as 255 − v: black and white swap, a light blue becomes
    /// a dark orange (still coloured). O(width × height).
    public func negative() -> RGBImage {
        RGBImage(width: width, height: height, pixels: pixels.map { 255 &- $0 })
    }
}
