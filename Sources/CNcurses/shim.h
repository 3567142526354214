// Offers: ncursesw (wide characters) to Swift, with the few things Swift does not
// import written as static inline functions: function-like macros (attributes,
// KEY_F, getmaxx), C globals read through a function (stdscr), the locale
// (setlocale, nl_langinfo), NO_COLOR, and the handlers that restore the terminal
// when the program exits, crashes or is told to stop.
#ifndef SUDOKIT_CNCURSES_SHIM_H
#define SUDOKIT_CNCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wchar.h>
#include <curses.h>

/// The standard screen (a C global: read here, so that Swift keeps no shared mutable state).
static inline WINDOW *sk_stdscr(void) { return stdscr; }

/// The window's size in character cells.
static inline int sk_columns(WINDOW *w) { return getmaxx(w); }
static inline int sk_rows(WINDOW *w) { return getmaxy(w); }

/// The number of colours and colour pairs the terminal offers (0 before start_color).
static inline int sk_colors(void) { return COLORS; }
static inline int sk_color_pairs(void) { return COLOR_PAIRS; }

/// Attributes (function-like macros in curses.h).
static inline attr_t sk_a_normal(void) { return A_NORMAL; }
static inline attr_t sk_a_bold(void) { return A_BOLD; }
static inline attr_t sk_a_underline(void) { return A_UNDERLINE; }
static inline attr_t sk_a_reverse(void) { return A_REVERSE; }
static inline attr_t sk_a_dim(void) { return A_DIM; }
static inline attr_t sk_a_standout(void) { return A_STANDOUT; }

/// The key code of function key n.
static inline int sk_key_f(int n) { return KEY_F(n); }

/// Writes one wide character with attributes and colour pair at (y, x) of w.
static inline int sk_put(WINDOW *w, int y, int x, unsigned int ch, attr_t attrs, short pair) {
    wchar_t text[2] = {(wchar_t)ch, 0};
    cchar_t cell;
    if (setcchar(&cell, text, attrs, pair, NULL) != OK) return ERR;
    return mvwadd_wch(w, y, x, &cell);
}

/// Reads one key: returns OK (a character in *ch), KEY_CODE_YES (a key code in *ch) or ERR (none).
static inline int sk_get_key(WINDOW *w, unsigned int *ch) {
    wint_t value = 0;
    int result = wget_wch(w, &value);
    *ch = (unsigned int)value;
    return result;
}

/// True when the terminal on standard input is gone (hung up, closed): a read
/// would fail at once rather than wait, so a key loop must end.
static inline int sk_terminal_gone(void) {
    struct pollfd p = {.fd = 0, .events = POLLIN, .revents = 0};
    if (poll(&p, 1, 0) < 0) return 0;
    return (p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/// Takes the locale from the environment (LANG, LC_ALL, ...), as ncursesw needs before initscr.
static inline void sk_setlocale_from_environment(void) { setlocale(LC_ALL, ""); }

/// 1 when the locale's character set is UTF-8 (box-drawing characters can be shown), else 0.
static inline int sk_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "UTF8") == 0);
}

/// 1 when NO_COLOR is set to a non-empty value (https://no-color.org), else 0.
static inline int sk_no_color(void) {
    const char *value = getenv("NO_COLOR");
    return value != NULL && value[0] != '\0';
}

/// Ends curses mode if it is on (safe to call more than once, and before initscr).
static inline void sk_restore_terminal(void) {
    if (sk_stdscr() != NULL && !isendwin()) endwin();
}

/// A fatal or stop signal: the terminal restored, then the signal's default action
/// (so the exit status still says which signal ended the program).
static inline void sk_restore_and_reraise(int sig) {
    sk_restore_terminal();
    signal(sig, SIG_DFL);
    raise(sig);
}

/// Restores the terminal at exit (atexit) and on SIGTERM, SIGHUP, SIGINT and SIGQUIT
/// (sent from outside: in raw mode Ctrl-C is a key) and the crash signals (a Swift
/// trap is SIGILL or SIGTRAP). Installs once; replaces the handlers installed before.
static inline void sk_install_restore_handlers(void) {
    static int installed = 0;
    if (installed) return;
    installed = 1;
    atexit(sk_restore_terminal);
    int signals[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) signal(signals[i], sk_restore_and_reraise);
}

/// Unblocks, in the calling thread, the signals the game must see: SIGWINCH (curses lays
/// out again on a resize) and those the restore handlers catch. A program started by a
/// parent that had them blocked (a blocked mask is inherited across fork and exec)
/// would otherwise never hear of a resize.
static inline void sk_unblock_signals(void) {
    sigset_t set;
    sigemptyset(&set);
    int signals[] = {SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGCONT, SIGTSTP};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaddset(&set, signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    // An ignored SIGWINCH is inherited too, and curses installs its own handler only
    // over the default one: the default it gets.
    struct sigaction now;
    if (sigaction(SIGWINCH, NULL, &now) == 0 && now.sa_handler == SIG_IGN) signal(SIGWINCH, SIG_DFL);
}

#endif
