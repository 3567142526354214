// Offers: `PanelView`, what the panel beside or below the board shows (a title,
// status lines such as the timer, hints and checks, a message such as a hint's
// sentence, and a legend of keys), and `PanelPainter`, which word-wraps it into
// the panel's frame and truncates with an ellipsis what does not fit; the
// too-small screen (`TooSmallPainter`: its sentence centred, naming the size
// needed) and the help screen (`HelpPainter`: key and meaning pairs, in two
// columns when they fit), and `ScreenPainter`, the board and panel (or the
// too-small screen) in one canvas. `TextWrap` breaks text into lines of a width.

/// A key and what it does, for a legend or the help screen.
public struct KeyHelp: Sendable, Hashable {
    /// The key as shown: "arrows", "1-9", "Ctrl-R", "?".
    public var key: String
    /// What it does: "move", "enter a digit".
    public var meaning: String

    public init(_ key: String, _ meaning: String) {
        self.key = key
        self.meaning = meaning
    }
}

/// The panel's content.
public struct PanelView: Sendable, Hashable {
    /// The first line, in the heading ink.
    public var title: String
    /// One line each (the timer, hints taken, checks), truncated when too long.
    public var status: [String]
    /// Wrapped text, such as a hint's sentence; paragraphs split at "\n".
    public var message: String
    /// How the message is inked (`.error` for a complaint).
    public var messageInk: Ink
    /// The key legend.
    public var keys: [KeyHelp]

    public init(
        title: String = "", status: [String] = [], message: String = "", messageInk: Ink = .plain,
        keys: [KeyHelp] = []
    ) {
        self.title = title
        self.status = status
        self.message = message
        self.messageInk = messageInk
        self.keys = keys
    }
}

/// Breaking text into lines.
public enum TextWrap {
    /// `text` word-wrapped to `width` columns: paragraphs at "\n", words at spaces, a word longer
    /// than the width broken inside.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                if !line.isEmpty && line.count + 1 + word.count <= width {
                    line += " " + word
                    continue
                }
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                while word.count > width {
                    lines.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                line = String(word)
            }
            lines.append(line)
        }
        return lines
    }

    /// `text` cut to `width` columns, ending in `ellipsis` when cut.
    public static func truncate(_ text: String, width: Int, ellipsis: String) -> String {
        guard text.count > width else { return text }
        guard width > ellipsis.count else { return String(ellipsis.prefix(max(0, width))) }
        return String(text.prefix(width - ellipsis.count)) + ellipsis
    }

    /// `lines` limited to `count`, the last kept line ending in `ellipsis` when some were dropped.
    public static func limit(_ lines: [String], to count: Int, width: Int, ellipsis: String) -> [String] {
        guard lines.count > count else { return lines }
        guard count > 0 else { return [] }
        var kept = Array(lines.prefix(count))
        let last = kept[count - 1]
        kept[count - 1] =
            last.count + ellipsis.count <= width
            ? last + ellipsis : truncate(last + ellipsis, width: width, ellipsis: ellipsis)
        return kept
    }
}

/// Draws a `PanelView` into a frame.
public enum PanelPainter {
    /// Paints `panel` into `frame` of `canvas`, from the top: the title, the status lines, a blank
    /// line, the message (wrapped), a blank line, the keys (in as many columns as fit). The title
    /// and status come first; the message gets the room left, the keys what remains; what does not
    /// fit is cut, its last line ending in the ellipsis.
    public static func paint(_ panel: PanelView, into canvas: inout Canvas, frame: TextRect, glyphs: Glyphs) {
        guard !frame.isEmpty else { return }
        let width = frame.width
        let ellipsis = glyphs.ellipsis
        var y = frame.y
        func room() -> Int { frame.maxY - y }
        if !panel.title.isEmpty {
            canvas.write(
                TextWrap.truncate(panel.title, width: width, ellipsis: ellipsis), x: frame.x, y: y, ink: .heading)
            y += 1
        }
        for line in panel.status where room() > 0 {
            canvas.write(TextWrap.truncate(line, width: width, ellipsis: ellipsis), x: frame.x, y: y, ink: .plain)
            y += 1
        }
        if !panel.message.isEmpty && room() > 1 {
            if y > frame.y { y += 1 }
            let lines = TextWrap.limit(
                TextWrap.wrap(panel.message, width: width), to: room(), width: width, ellipsis: ellipsis)
            for line in lines {
                canvas.write(line, x: frame.x, y: y, ink: panel.messageInk)
                y += 1
            }
        }
        guard !panel.keys.isEmpty, room() > 1 else { return }
        if y > frame.y { y += 1 }
        paintKeys(
            panel.keys, into: &canvas, frame: TextRect(x: frame.x, y: y, width: width, height: room()), glyphs: glyphs)
    }

    /// The keys in columns (as many as fit, at least one), each "key  meaning", filled down then across;
    /// when they do not all fit, the last shown line ends in the ellipsis.
    static func paintKeys(
        _ keys: [KeyHelp], into canvas: inout Canvas, frame: TextRect, glyphs: Glyphs, maximumColumns: Int = 3
    ) {
        guard !frame.isEmpty, !keys.isEmpty else { return }
        let keyWidth = keys.map(\.key.count).max() ?? 0
        let entryWidth = keyWidth + 1 + (keys.map(\.meaning.count).max() ?? 0)
        let gap = 3
        let columns = max(1, min(maximumColumns, (frame.width + gap) / (entryWidth + gap), keys.count))
        let perColumn = (keys.count + columns - 1) / columns
        let columnWidth = columns == 1 ? frame.width : (frame.width - gap * (columns - 1)) / columns
        let shownRows = min(perColumn, frame.height)
        for (i, key) in keys.enumerated() {
            let row = i % perColumn
            let column = i / perColumn
            guard row < shownRows else { continue }
            let x = frame.x + column * (columnWidth + gap)
            let y = frame.y + row
            let cut = row == shownRows - 1 && shownRows < perColumn && column == columns - 1
            var meaning = key.meaning
            let meaningWidth = columnWidth - keyWidth - 1
            if cut {
                meaning = TextWrap.truncate(meaning + glyphs.ellipsis, width: meaningWidth, ellipsis: glyphs.ellipsis)
            }
            canvas.write(String(key.key.prefix(columnWidth)), x: x, y: y, ink: .keyName)
            if meaningWidth > 0 {
                canvas.write(
                    TextWrap.truncate(meaning, width: meaningWidth, ellipsis: glyphs.ellipsis), x: x + keyWidth + 1,
                    y: y,
                    ink: .plain)
            }
        }
    }
}

/// The screen shown when the terminal is too small for the board.
public enum TooSmallPainter {
    /// A canvas of the terminal's size with the layout's sentence ("The terminal is 60x20; sudokit
    /// play needs at least 71x20.") and `hint` (such as how to quit) centred, wrapped to its width.
    public static func paint(
        layout: TerminalLayout, program: String = "sudokit play",
        hint: String = "Enlarge the window, or press q to quit."
    ) -> Canvas {
        var canvas = Canvas(columns: layout.terminal.columns, rows: layout.terminal.rows)
        let width = max(1, canvas.columns - 2)
        let lines =
            TextWrap.wrap(layout.tooSmallSentence(program: program), width: width)
            + (hint.isEmpty ? [] : TextWrap.wrap(hint, width: width))
        let top = max(0, (canvas.rows - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            canvas.write(line, x: max(0, (canvas.columns - line.count) / 2), y: top + i, ink: i == 0 ? .error : .plain)
        }
        return canvas
    }
}

/// The help screen: a title and the keys.
public enum HelpPainter {
    /// A canvas `columns` x `rows` with `title` on top and `keys` below it, in two columns when they fit
    /// side by side, else one; `footer` (such as "press any key to return") on the last row.
    public static func paint(
        title: String, keys: [KeyHelp], footer: String = "", columns: Int, rows: Int, glyphs: Glyphs
    ) -> Canvas {
        var canvas = Canvas(columns: columns, rows: rows)
        let margin = columns >= 40 ? 2 : 0
        let width = max(0, columns - 2 * margin)
        canvas.write(TextWrap.truncate(title, width: width, ellipsis: glyphs.ellipsis), x: margin, y: 0, ink: .heading)
        let footerRows = footer.isEmpty ? 0 : 1
        if !footer.isEmpty {
            canvas.write(
                TextWrap.truncate(footer, width: width, ellipsis: glyphs.ellipsis), x: margin, y: rows - 1, ink: .dim)
        }
        PanelPainter.paintKeys(
            keys, into: &canvas,
            frame: TextRect(x: margin, y: 2, width: width, height: rows - 2 - footerRows - (footerRows > 0 ? 1 : 0)),
            glyphs: glyphs, maximumColumns: 2)
        return canvas
    }
}

/// The whole game screen at once.
public enum ScreenPainter {
    /// A canvas of the layout's terminal size: the board and the panel at their frames, or the
    /// too-small screen when the board does not fit (`hint` is its second sentence).
    public static func paint(
        board: BoardView, panel: PanelView, layout: TerminalLayout, glyphs: Glyphs, program: String = "sudokit play",
        tooSmallHint: String = "Enlarge the window, or press q to quit."
    ) -> Canvas {
        guard layout.fits else { return TooSmallPainter.paint(layout: layout, program: program, hint: tooSmallHint) }
        var canvas = Canvas(columns: layout.terminal.columns, rows: layout.terminal.rows)
        BoardPainter.paint(board, into: &canvas, layout: layout, glyphs: glyphs)
        PanelPainter.paint(panel, into: &canvas, frame: layout.panel, glyphs: glyphs)
        return canvas
    }
}
