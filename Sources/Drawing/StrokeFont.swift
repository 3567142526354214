// Offers: `StrokeFont`, the project's own vector font: every glyph a few
// polylines (straight runs and elliptical arcs) on a 6 x 10 unit cell, so that
// SVG and PNG draw the same letters and the layout can measure them exactly
// (every glyph advances 0.6 em, as BoardLayout's `LabelMetrics.advance` says).
// Digits, A-Z, a-z, the umlauts and the French accents, and a little punctuation.

import Geometry
import Glibc

public enum StrokeFont {
    /// Units per em; the advance is 6 units (0.6 em), the capital height 7.
    static let unitsPerEm = 10.0
    static let advanceUnits = 6.0
    static let capHeight = 7.0
    /// The height of lower case without ascenders (units).
    static let xHeight = 5.0

    /// The polylines of `text` in points (y down), centred on `centre`, `size` points to the em.
    /// The capitals' middle lies on `centre.y`.
    public static func polylines(_ text: String, centre: Point, size: Double) -> [[Point]] {
        let scale = size / unitsPerEm
        let characters = Array(text)
        let width = Double(characters.count) * advanceUnits * scale
        let left = centre.x - width / 2
        let baseline = centre.y + capHeight / 2 * scale
        var out: [[Point]] = []
        for (i, ch) in characters.enumerated() {
            let x0 = left + Double(i) * advanceUnits * scale
            for line in glyph(ch) {
                out.append(line.map { Point(x0 + $0.x * scale, baseline - $0.y * scale) })
            }
        }
        return out
    }

    /// The width of `text` at `size`: every character advances 0.6 em (the
    /// layout measures labels the same way, `LabelMetrics.width`).
    public static func width(of text: String, size: Double) -> Double {
        Double(text.count) * (advanceUnits / unitsPerEm) * size
    }

    /// The polylines of one character in font units (y up, baseline 0); nothing for a space or an unknown character.
    static func glyph(_ ch: Character) -> [[Point]] {
        if let cached = cache[ch] { return cached }
        return []
    }

    private static let cache: [Character: [[Point]]] = {
        var table: [Character: [[Point]]] = [:]
        for (ch, spec) in capitals { table[ch] = parse(spec) }
        for (ch, spec) in others { table[ch] = parse(spec) }
        for (ch, spec) in lowerCase { table[ch] = parse(spec) }
        // Accented letters: the base letter and its mark above.
        let marks: [(Character, Character, String)] = [
            ("Ä", "A", "diaeresis"), ("Ö", "O", "diaeresis"), ("Ü", "U", "diaeresis"),
            ("ä", "a", "diaeresis"), ("ö", "o", "diaeresis"), ("ü", "u", "diaeresis"), ("ë", "e", "diaeresis"),
            ("ï", "i", "diaeresis"), ("é", "e", "acute"), ("É", "E", "acute"), ("è", "e", "grave"), ("à", "a", "grave"),
            ("ê", "e", "circumflex"), ("â", "a", "circumflex"), ("ô", "o", "circumflex"), ("î", "i", "circumflex"),
            ("û", "u", "circumflex"), ("ù", "u", "grave"), ("ç", "c", "cedilla"),
        ]
        for (ch, base, mark) in marks {
            let top = base.isUppercase ? capHeight + 1.0 : xHeight + 1.0
            let m: String
            switch mark {
            case "diaeresis": m = "2,\(top) 2,\(top + 0.05) ; 4,\(top) 4,\(top + 0.05)"
            case "acute": m = "2.5,\(top) 3.8,\(top + 1.2)"
            case "grave": m = "3.5,\(top) 2.2,\(top + 1.2)"
            case "circumflex": m = "2,\(top) 3,\(top + 1) 4,\(top)"
            default: m = "3,0 3.4,-0.6 2.6,-1.2"
            }
            table[ch] = (table[base] ?? []) + parse(m)
        }
        return table
    }()

    /// Parses `x,y x,y ... ; ...`: polylines separated by `;`, points by spaces; a point
    /// `@cx,cy,rx,ry,a0,a1` adds an elliptical arc from angle a0 to a1 (degrees,
    /// counter-clockwise positive; a1 < a0 runs clockwise).
    static func parse(_ spec: String) -> [[Point]] {
        spec.split(separator: ";").map { part in
            var points: [Point] = []
            for token in part.split(separator: " ") {
                if token.hasPrefix("@") {
                    let v = token.dropFirst().split(separator: ",").compactMap { Double($0) }
                    let (cx, cy, rx, ry, a0, a1) = (v[0], v[1], v[2], v[3], v[4], v[5])
                    let steps = max(4, Int((abs(a1 - a0) / 10).rounded(.up)))
                    for k in 0...steps {
                        let a = (a0 + (a1 - a0) * Double(k) / Double(steps)) * Double.pi / 180
                        points.append(Point(cx + rx * cos(a), cy + ry * sin(a)))
                    }
                } else {
                    let v = token.split(separator: ",").compactMap { Double($0) }
                    points.append(Point(v[0], v[1]))
                }
            }
            return points
        }
    }

    static let capitals: [Character: String] = [
        "A": "0.8,0 3,7 5.2,0 ; 1.6,2.5 4.4,2.5",
        "B": "1,0 1,7 3.6,7 @3.6,5.3,1.5,1.7,90,-90 1,3.6 ; 1,3.6 3.8,3.6 @3.8,1.8,1.6,1.8,90,-90 1,0",
        "C": "@3.2,3.5,2.2,3.5,45,315",
        "D": "1,0 1,7 2.8,7 @2.8,3.5,2.2,3.5,90,-90 1,0",
        "E": "5,7 1,7 1,0 5,0 ; 1,3.6 4,3.6",
        "F": "5,7 1,7 1,0 ; 1,3.6 4,3.6",
        "G": "@3.2,3.5,2.2,3.5,40,345 5.4,3.2 3.4,3.2",
        "H": "1,0 1,7 ; 5,0 5,7 ; 1,3.6 5,3.6",
        "I": "3,0 3,7 ; 1.8,7 4.2,7 ; 1.8,0 4.2,0",
        "J": "4.4,7 4.4,2 @2.7,2,1.7,2,0,-180",
        "K": "1,0 1,7 ; 5,7 1,2.8 ; 2.4,4 5,0",
        "L": "1,7 1,0 5,0",
        "M": "0.8,0 0.8,7 3,2.5 5.2,7 5.2,0",
        "N": "1,0 1,7 5,0 5,7",
        "O": "@3,3.5,2.1,3.5,0,360",
        "P": "1,0 1,7 3.5,7 @3.5,5.2,1.6,1.8,90,-90 1,3.4",
        "Q": "@3,3.5,2.1,3.5,0,360 ; 3.4,1.6 5.4,-0.3",
        "R": "1,0 1,7 3.5,7 @3.5,5.2,1.6,1.8,90,-90 1,3.4 ; 3,3.4 5,0",
        "S": "@3,5.3,1.9,1.7,20,270 @3,1.8,2,1.8,90,-160",
        "T": "0.8,7 5.2,7 ; 3,7 3,0",
        "U": "1,7 1,2 @3,2,2,2,180,360 5,7",
        "V": "0.8,7 3,0 5.2,7",
        "W": "0.5,7 1.7,0 3,5 4.3,0 5.5,7",
        "X": "1,0 5,7 ; 1,7 5,0",
        "Y": "0.8,7 3,3.5 5.2,7 ; 3,3.5 3,0",
        "Z": "1,7 5,7 1,0 5,0",
    ]

    /// Lower case: x-height 5, ascenders 7, descenders to -2.
    static let lowerCase: [Character: String] = [
        "a": "@2.9,2.5,1.9,2.5,0,360 ; 4.8,5 4.8,0",
        "b": "1.2,7 1.2,0 ; @3.1,2.5,1.9,2.5,0,360",
        "c": "@3.2,2.5,2,2.5,40,320",
        "d": "4.8,7 4.8,0 ; @2.9,2.5,1.9,2.5,0,360",
        "e": "1.1,2.6 4.9,2.6 @3,2.5,1.9,2.5,5,320",
        "f": "4.6,6.8 @3.6,5.8,1.2,1.2,40,180 2.4,0 ; 1.2,5 4.2,5",
        "g": "@2.9,2.5,1.9,2.5,0,360 ; 4.8,5 4.8,-0.5 @3,-0.5,1.8,1.5,0,-160",
        "h": "1.2,7 1.2,0 ; 1.2,3 @3,3,1.8,2,180,0 4.8,0",
        "i": "3,0 3,5 ; 3,6.6 3,6.65",
        "j": "3.6,5 3.6,-0.6 @2.2,-0.6,1.4,1.4,0,-150 ; 3.6,6.6 3.6,6.65",
        "k": "1.2,7 1.2,0 ; 4.6,5 1.2,1.8 ; 2.4,2.9 4.8,0",
        "l": "2.4,7 2.4,1.2 @3.6,1.2,1.2,1.2,180,300",
        "m": "0.8,0 0.8,5 ; 0.8,3.6 @1.95,3.6,1.15,1.4,180,0 3.1,0 ; 3.1,3.6 @4.25,3.6,1.15,1.4,180,0 5.4,0",
        "n": "1.2,0 1.2,5 ; 1.2,3 @3,3,1.8,2,180,0 4.8,0",
        "o": "@3,2.5,2,2.5,0,360",
        "p": "1.2,5 1.2,-2 ; @3.1,2.5,1.9,2.5,0,360",
        "q": "4.8,5 4.8,-2 ; @2.9,2.5,1.9,2.5,0,360",
        "r": "1.6,0 1.6,5 ; 1.6,3 @3.4,3,1.8,2,180,45",
        "s": "@3,3.75,1.7,1.25,20,270 @3,1.25,1.9,1.25,90,-160",
        "t": "2.6,6.5 2.6,1.2 @3.8,1.2,1.2,1.2,180,300 ; 1.2,5 4.6,5",
        "u": "1.2,5 1.2,2 @3,2,1.8,2,180,360 ; 4.8,5 4.8,0",
        "v": "1,5 3,0 5,5",
        "w": "0.5,5 1.7,0 3,3.6 4.3,0 5.5,5",
        "x": "1.2,0 4.8,5 ; 1.2,5 4.8,0",
        "y": "1,5 3,0 ; 5,5 2,-2",
        "z": "1.2,5 4.8,5 1.2,0 4.8,0",
    ]

    static let others: [Character: String] = [
        "0": "@3,3.5,2,3.5,0,360",
        "1": "1.6,5.6 3.2,7 3.2,0",
        "2": "@3,5,2,2,150,-40 1,0 5,0",
        "3": "@3,5.25,1.9,1.75,150,-90 ; @3,1.75,2.1,1.75,90,-150",
        "4": "4,0 4,7 0.8,2 5.2,2",
        "5": "4.8,7 1.5,7 1.2,3.6 @3,2.2,2,2.2,130,-150",
        "6": "@3,3.5,2,3.5,55,195 ; @3,2.2,2,2.2,0,360",
        "7": "1,7 5,7 2.2,0",
        "8": "@3,5.3,1.7,1.7,0,360 ; @3,1.9,2,1.9,0,360",
        "9": "@3,4.8,2,2.2,0,360 ; @3,3.5,2,3.5,15,-125",
        ".": "3,0 3,0.05",
        ",": "3.2,0.4 2.6,-1",
        ":": "3,0 3,0.05 ; 3,4 3,4.05",
        "-": "1.5,3.2 4.5,3.2",
        "+": "1.2,3.2 4.8,3.2 ; 3,1.4 3,5",
        "=": "1.2,2.4 4.8,2.4 ; 1.2,4 4.8,4",
        "/": "1,-0.5 5,7.5",
        "(": "@5.5,3.5,2.5,4.5,130,230",
        ")": "@0.5,3.5,2.5,4.5,50,-50",
        "'": "3,7 3,5.5",
        "?": "@3,5.2,1.9,1.8,160,-60 3,2 3,1.8 ; 3,0 3,0.05",
    ]
}
