// Offers: `ProseText`, words joined as an English sentence says them, for
// every message that names several cells, digits or houses.

/// Words joined as running text.
public enum ProseText {
    /// `a`, `a and b`, `a, b and c` (no serial comma); empty for none.
    public static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return items[0] + " and " + items[1]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }
}
