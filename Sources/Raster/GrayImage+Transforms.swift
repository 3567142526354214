// Offers: quarter-turn rotation and bilinear resizing of `GrayImage`.

extension GrayImage {
    /// The picture turned counter-clockwise by `k` quarter turns (negative: clockwise).
    public func rotatedCounterClockwise(quarterTurns k: Int) -> GrayImage {
        let turns = ((k % 4) + 4) % 4
        if turns == 0 { return self }
        let (w, h) = (width, height)
        let outW = turns == 2 ? w : h, outH = turns == 2 ? h : w
        var out = GrayImage(width: outW, height: outH)
        for y in 0..<h {
            for x in 0..<w {
                let (nx, ny): (Int, Int)
                switch turns {
                case 1: (nx, ny) = (y, w - 1 - x)
                case 2: (nx, ny) = (w - 1 - x, h - 1 - y)
                default: (nx, ny) = (h - 1 - y, x)
                }
                out.pixels[ny * outW + nx] = pixels[y * w + x]
            }
        }
        return out
    }

    /// The picture resampled to `newWidth`×`newHeight` by bilinear interpolation
    /// (area-averaged when shrinking by more than half), edge pixels extended.
    public func resized(width newWidth: Int, height newHeight: Int) -> GrayImage {
        precondition(newWidth > 0 && newHeight > 0)
        var out = GrayImage(width: newWidth, height: newHeight)
        guard width > 0 && height > 0 else { return GrayImage(width: newWidth, height: newHeight, fill: 255) }
        let sx = Double(width) / Double(newWidth), sy = Double(height) / Double(newHeight)
        let nx = max(1, Int(sx.rounded(.up))), ny = max(1, Int(sy.rounded(.up)))
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                var acc = 0.0
                for j in 0..<ny {
                    for i in 0..<nx {
                        let fx = (Double(x) + (Double(i) + 0.5) / Double(nx)) * sx - 0.5
                        let fy = (Double(y) + (Double(j) + 0.5) / Double(ny)) * sy - 0.5
                        acc += sampleBilinear(x: fx, y: fy, border: .clamp, blend: .weights)
                    }
                }
                out.pixels[y * newWidth + x] = UInt8(min(255, max(0, roundedToNearest(acc / Double(nx * ny)))))
            }
        }
        return out
    }
}
