// Offers: `DecodedImage`, a decoded picture with what the file said about it.
import Raster


/// A decoded picture, upright, with the facts of the file it came from.
public struct DecodedImage: Sendable, Equatable {
    /// The picture as a person sees it: EXIF orientation applied, DCT scaling applied.
    /// 8-bit RGB; transparency composited over white.
    public var image: RGBImage
    public var format: ImageFormat
    /// The EXIF orientation found in the file, 1...8; 1 when absent or malformed.
    public var exifOrientation: Int
    /// The size stored in the file, before scaling and orientation.
    public var storedWidth: Int
    public var storedHeight: Int
    /// The DCT scale applied, in lowest terms: each stored side became
    /// ceil(side × scaleNumerator / scaleDenominator). 1/1 at full size (always for PNG);
    /// a JPEG scaled to 3/8 reports 3/8, to 4/8 reports 1/2.
    public var scaleNumerator: Int
    public var scaleDenominator: Int

    /// `scaleNumerator / scaleDenominator` as a number (1.0 at full size).
    public var scale: Double { Double(scaleNumerator) / Double(scaleDenominator) }

    public init(image: RGBImage, format: ImageFormat, exifOrientation: Int, storedWidth: Int, storedHeight: Int,
                scaleNumerator: Int = 1, scaleDenominator: Int = 1) {
        self.image = image
        self.format = format
        self.exifOrientation = exifOrientation
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.scaleNumerator = scaleNumerator
        self.scaleDenominator = scaleDenominator
    }
}
