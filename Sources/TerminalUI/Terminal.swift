// Offers: `Terminal`, the one user of ncurses (through CNcurses): it starts and
// stops full-screen mode, tells the terminal's size, shows a `Canvas` (each
// style mapped to a colour pair and attributes in one table, `Terminal.look`)
// and reads keys as `Key`s with a timeout, so that a timer can tick. Without
// colour (NO_COLOR set and not empty, or a terminal without colours) styles
// are attributes only: bold, underline, reverse, dim. The terminal is restored
// by `stop()`, at exit, and on SIGTERM, SIGHUP and the crash signals (handlers
// in the C shim: no Swift state is shared with them).

internal import CNcurses

/// A key the player pressed, or a resize of the terminal.
public enum Key: Sendable, Hashable {
    case up, down, left, right, home, end, enter, backspace, delete, escape, tab
    /// Shift-Tab.
    case backTab
    /// F1, F2, ... (`function(1)` is F1).
    case function(Int)
    /// A control character, by its lowercase letter: Ctrl-R is `control("r")`.
    case control(Character)
    /// A printable character.
    case character(Character)
    /// The terminal changed size: lay out again.
    case resize
    /// The terminal is gone (hung up, closed): save and stop.
    case hangup

    /// The key of a plain character code (not a curses key code): Enter for CR and LF, Tab, Escape,
    /// Backspace for DEL (127) and BS (8), `control` for the other C0 codes, else the character.
    public static func character(code: UInt32) -> Key? {
        switch code {
        case 10, 13: return .enter
        case 9: return .tab
        case 27: return .escape
        case 8, 127: return .backspace
        case 0: return .control("@")
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code + 96))))
        case 28...31: return .control(Character(Unicode.Scalar(UInt8(code + 64))))
        default: return Unicode.Scalar(code).map { .character(Character($0)) }
        }
    }
}

/// The terminal in full-screen mode. Not thread-safe: use it from one task.
public final class Terminal {
    /// The characters lines are drawn with: box drawing when the locale is UTF-8, else ASCII.
    public private(set) var glyphs: Glyphs = .ascii
    /// True when styles are shown in colour (false with NO_COLOR or a terminal without colours).
    public private(set) var usesColour = false
    /// True between `start()` and `stop()`.
    public private(set) var isActive = false

    private var window: UnsafeMutablePointer<WINDOW>?
    private var pairs: [Style: Int16] = [:]
    private var colours256 = false
    /// Set by a resize: the next `draw` repaints every character.
    private var repaintAll = false

    public init() {}

    deinit { stop() }

    /// Enters full-screen mode: the locale from the environment, raw input (Ctrl-C arrives as a key),
    /// no echo, keypad keys decoded (Escape after 25 ms), no cursor, colours unless NO_COLOR is set
    /// or the terminal has none. Returns false when the terminal cannot be started. May be called
    /// again after `stop()` (to resume after running a shell, say).
    @discardableResult
    public func start() -> Bool {
        guard !isActive else { return true }
        sk_setlocale_from_environment()
        glyphs = sk_locale_is_utf8() != 0 ? .unicode : .ascii
        sk_install_restore_handlers()
        sk_unblock_signals()
        // initscr once per process; after a stop, a refresh resumes curses mode (curs_initscr(3)).
        let resumed = sk_stdscr()
        guard let w = resumed ?? initscr() else { return false }
        if resumed != nil { wrefresh(w) }
        window = w
        isActive = true
        set_escdelay(25)
        raw()
        noecho()
        nonl()
        keypad(w, true)
        curs_set(0)
        usesColour = sk_no_color() == 0 && has_colors()
        if usesColour {
            start_color()
            use_default_colors()
            colours256 = sk_colors() >= 256
        }
        pairs = [:]
        return true
    }

    /// Leaves full-screen mode and restores the terminal; safe to call more than once.
    public func stop() {
        guard isActive else { return }
        isActive = false
        sk_restore_terminal()
        window = nil
    }

    /// The terminal's size in character cells (0 x 0 when not started).
    public var size: TerminalLayout.Size {
        guard let w = window else { return TerminalLayout.Size(columns: 0, rows: 0) }
        return TerminalLayout.Size(columns: Int(sk_columns(w)), rows: Int(sk_rows(w)))
    }

    /// Shows `canvas` from the top-left corner (what lies outside the terminal is dropped).
    /// After a resize the whole screen is sent again (wclear), not only what changed: the
    /// terminal's copy of the screen may no longer be what curses believes it is.
    public func draw(_ canvas: Canvas) {
        guard let w = window else { return }
        if repaintAll {
            wclear(w)
            repaintAll = false
        } else {
            werase(w)
        }
        let size = self.size
        for y in 0..<min(canvas.rows, size.rows) {
            for x in 0..<min(canvas.columns, size.columns) {
                let cell = canvas[x, y]
                let (attributes, pair) = look(cell.style)
                let scalar = cell.character.unicodeScalars.first?.value ?? 32
                _ = sk_put(w, Int32(y), Int32(x), scalar, attributes, pair)
            }
        }
        wrefresh(w)
    }

    /// The next key, waiting at most `timeoutMilliseconds` (negative: wait for ever); nil when
    /// none came in time (or the terminal sent a key code this type does not name).
    public func readKey(timeoutMilliseconds: Int) -> Key? {
        guard let w = window else { return nil }
        wtimeout(w, Int32(clamping: timeoutMilliseconds))
        var value: UInt32 = 0
        switch sk_get_key(w, &value) {
        case OK: return Key.character(code: value)
        case ERR where sk_terminal_gone() != 0: return .hangup
        case KEY_CODE_YES:
            let key = Self.key(code: Int32(bitPattern: value))
            if key == .resize { repaintAll = true }
            return key
        default: return nil
        }
    }

    /// The key of a curses key code.
    static func key(code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        case sk_key_f(1)...sk_key_f(24): return .function(Int(code - sk_key_f(0)))
        default: return nil
        }
    }

    // MARK: styles

    /// A colour: a curses colour number for 8 and 256 colours; -1 is the terminal's default.
    private struct Colour {
        var eight: Int16
        var more: Int16
        init(_ eight: Int32, _ more: Int16? = nil) {
            self.eight = Int16(eight)
            self.more = more ?? Int16(eight)
        }
        static let standard = Colour(-1)
    }

    /// The one table of looks: an ink's colour and attributes in colour, and its attributes without.
    private static func inkLook(_ ink: Ink) -> (colour: Colour, attributes: attr_t, mono: attr_t) {
        let bold = sk_a_bold()
        let underline = sk_a_underline()
        let dim = sk_a_dim()
        let none = sk_a_normal()
        switch ink {
        case .plain: return (.standard, none, none)
        case .border: return (.standard, dim, none)
        case .boxBorder: return (.standard, bold, bold)
        case .label: return (.standard, dim, dim)
        case .given: return (.standard, bold, bold)
        case .entry: return (Colour(COLOR_CYAN, 39), none, none)
        case .wrong: return (Colour(COLOR_RED, 203), bold, bold | underline)
        case .mark: return (Colour(-1, 248), none, none)
        case .sameDigit: return (Colour(COLOR_YELLOW, 220), bold, bold | underline)
        case .flagged: return (Colour(COLOR_MAGENTA, 213), bold, bold)
        case .hintCandidate: return (Colour(COLOR_GREEN, 214), bold, underline)
        case .hintSecondary: return (Colour(COLOR_BLUE, 117), bold, underline)
        case .elimination: return (Colour(COLOR_RED, 196), bold | underline, dim | underline)
        case .placement: return (Colour(COLOR_GREEN, 46), bold | underline, bold | underline)
        case .heading: return (.standard, bold, bold)
        case .keyName: return (Colour(COLOR_YELLOW, 220), bold, bold)
        case .dim: return (.standard, dim, dim)
        case .error: return (Colour(COLOR_RED, 203), bold, bold)
        }
    }

    /// A shade's background (nil: none), the ink used for default-coloured text on it, and its
    /// attributes in colour and without.
    private static func shadeLook(
        _ shade: Shade
    ) -> (background: Colour?, text: Colour, attributes: attr_t, mono: attr_t) {
        let none = sk_a_normal()
        switch shade {
        case .none: return (nil, .standard, none, none)
        // The cursor: one background of its own in colour (reverse video over characters of
        // several inks looked patchy), reverse without colour.
        case .cursor: return (Colour(COLOR_CYAN, 31), Colour(COLOR_BLACK, 231), sk_a_bold(), sk_a_reverse())
        case .peer: return (Colour(COLOR_BLUE, 238), Colour(COLOR_WHITE, 255), none, none)
        case .sameDigit: return (Colour(-1, 58), Colour(-1, 255), none, none)
        case .hintHouse: return (Colour(COLOR_CYAN, 17), Colour(COLOR_BLACK, 255), none, sk_a_bold())
        case .hintCell: return (Colour(COLOR_YELLOW, 94), Colour(COLOR_BLACK, 255), none, sk_a_underline())
        }
    }

    /// The attributes and colour pair that show `style`.
    private func look(_ style: Style) -> (attr_t, Int16) {
        let ink = Self.inkLook(style.ink)
        let shade = Self.shadeLook(style.shade)
        guard usesColour else { return (ink.mono | shade.mono, 0) }
        if let pair = pairs[style] { return (ink.attributes | shade.attributes, pair) }
        let pick = { (c: Colour) in self.colours256 ? c.more : c.eight }
        var foreground = pick(ink.colour)
        let background = shade.background.map(pick) ?? -1
        if background != -1 && (foreground == -1 || foreground == background) { foreground = pick(shade.text) }
        var pair: Int16 = 0
        if foreground != -1 || background != -1 {
            let next = pairs.count + 1
            if next < Int(sk_color_pairs()), next <= Int(Int16.max) {
                pair = Int16(next)
                init_pair(pair, foreground, background)
            }
        }
        pairs[style] = pair
        return (ink.attributes | shade.attributes, pair)
    }
}
