"""Interactive terminal front end of the simulator (CPython, POSIX, standard library only).

The OLED is drawn at its true 128x64 pixels with Unicode half blocks: one character cell
holds two pixels stacked (upper, lower) as ' ', '▀', '▄' or '█', so the panel is 128
columns x 32 rows inside a border. Below it: the YES (green), NO (red) and status LEDs as
coloured dots with their levels, and the key legend.

Keys:
  arrows            D-pad (UP DOWN LEFT RIGHT)
  Enter             OK            (also: o)
  Backspace, Esc    BACK          (also: b)
  y / n             YES / NO
  Y N O B           long press (held 1 s) of YES, NO, OK, BACK: Shift = hold
  Shift+arrow       long press (held 1 s) of that direction (shows auto-repeat)
  l, then a key     long press (held 1 s) of that key, e.g. l then Enter = long OK
  q, Ctrl-C, Ctrl-D quit (like a power cut: the next start resumes from storage)

A terminal sends no key-up events, so a key press holds its button for PRESS_MS; a long
press holds it for LONG_PRESS_MS. Keyboard auto-repeat of a held key keeps the button
held, so holding a key down also works. Two taps of the same key close together are kept
apart by a short release (GAP_MS), long enough for the core's debounce to see it.

The loop (run) is thin: decode() turns input bytes into key tokens, Keys turns tokens
into a button mask over time, render_oled() turns a frame buffer into text rows, and
draw() builds the whole screen. Each of those is a pure function or a small class with
no I/O, tested in tests/test_host_sim.py.
"""

import os
import select
import sys
import time

from core import buttons as B
from core import ticks_add

PRESS_MS = 80
LONG_PRESS_MS = 1000
GAP_MS = 40
STEP_MS = 10
ESC_TIMEOUT_MS = 50  # a lone ESC not followed by a sequence within this is BACK

HALF = (" ", "▀", "▄", "█")  # index: upper pixel + 2 * lower pixel

QUIT = "QUIT"
LONG = "LONG"  # the prefix key: the next key is a long press

_ARROWS = {"A": "UP", "B": "DOWN", "C": "RIGHT", "D": "LEFT"}
_PLAIN = {
    "\r": "OK",
    "\n": "OK",
    "o": "OK",
    "\x7f": "BACK",
    "\x08": "BACK",
    "b": "BACK",
    "y": "YES",
    "n": "NO",
    "q": QUIT,
    "\x03": QUIT,
    "\x04": QUIT,
    "l": LONG,
    "L": LONG,
}
_SHIFTED = {"O": "OK", "B": "BACK", "Y": "YES", "N": "NO"}


# --- rendering -------------------------------------------------------------------------
def render_oled(buf, on=True):
    """128x64 SSD1306 page-layout buffer -> 32 strings of 128 half-block characters."""
    rows = []
    for r in range(32):
        y = 2 * r
        page = (y >> 3) * 128
        shift = y & 7  # even, so the lower pixel is in the same page at shift + 1
        if not on:
            rows.append(" " * 128)
            continue
        rows.append("".join(HALF[(buf[page + x] >> shift) & 3] for x in range(128)))
    return rows


def _rgb(r, g, b):
    return "\x1b[38;2;%d;%d;%dm" % (r, g, b)


def led(label, level, rgb, color=True):
    """One LED as a coloured dot scaled by its level 0..255, and the level as a number."""
    level = max(0, min(255, int(level)))
    dot = "●" if level else "○"
    if color:
        if level:
            f = 0.25 + 0.75 * level / 255
            c = _rgb(int(rgb[0] * f), int(rgb[1] * f), int(rgb[2] * f))
        else:
            c = "\x1b[2m"
        dot = c + dot + "\x1b[0m"
    return "%s %s %3d" % (dot, label, level)


LEGEND = (
    "arrows D-pad   Enter OK   Backspace/Esc BACK   y YES   n NO   q/Ctrl-C quit",
    "long press (1 s): Shift = Y N O B or Shift+arrow, or l then any key (l Enter = long OK)",
)


def draw(buf, on, contrast, leds, held=0, long_next=False, color=True, note=""):
    """The whole simulator screen as a list of lines (no cursor movement)."""
    lines = ["┌" + "─" * 128 + "┐"]
    for row in render_oled(buf, on):
        lines.append("│" + row + "│")
    state = "on, contrast %d" % contrast if on else "off (asleep: press any key to wake)"
    lines.append("└" + "─" * 128 + "┘")
    y, n, s = leds
    lines.append(
        "  ".join(
            (
                led("YES", y, (0, 255, 0), color),
                led("NO", n, (255, 0, 0), color),
                led("status", s, (80, 160, 255), color),
                "  panel " + state,
            )
        )
    )
    names = [B.NAMES[i] for i in range(8) if held & (1 << i)]
    hint = "held: " + (" ".join(names) if names else "-")
    if long_next:
        hint += "   [l] next key is a LONG press"
    if note:
        hint += "   " + note
    lines.append(hint)
    lines.extend(LEGEND)
    return lines


# --- input -----------------------------------------------------------------------------
def decode(data, final=False):
    """Input bytes -> ([(token, long), ...], undecoded rest).

    token is a button name, QUIT or LONG (the prefix). An incomplete escape sequence is
    returned as the rest to be completed by the next read; with final=True (no more
    bytes came within ESC_TIMEOUT_MS) a lone ESC is BACK.
    """
    out = []
    i = 0
    n = len(data)
    while i < n:
        c = data[i : i + 1]
        if c == b"\x1b":
            if i + 1 >= n:
                if final:
                    out.append(("BACK", False))
                    i += 1
                    continue
                break
            nxt = data[i + 1 : i + 2]
            if nxt in (b"[", b"O"):
                # CSI or SS3: parameters 0x30..0x3F, intermediates 0x20..0x2F, final 0x40..0x7E
                j = i + 2
                while j < n and 0x20 <= data[j] <= 0x3F:
                    j += 1
                if j >= n:
                    if final:  # never completed: drop it
                        i = n
                        continue
                    break
                fin = chr(data[j])
                params = data[i + 2 : j].decode("ascii", "replace")
                if fin in _ARROWS:
                    # ESC [ 1 ; 2 A = Shift+Up (modifier 2 = Shift): a long press
                    mod = params.split(";")[1] if ";" in params else ""
                    out.append((_ARROWS[fin], mod == "2"))
                # other sequences (function keys, Home, ...) are ignored
                i = j + 1
                continue
            if nxt == b"\x1b":  # ESC ESC: the first is a lone ESC
                out.append(("BACK", False))
                i += 1
                continue
            # ESC + key (Alt+key, or Esc typed just before a key): BACK, then the key
            out.append(("BACK", False))
            i += 1
            continue
        ch = c.decode("latin-1")
        if ch in _PLAIN:
            out.append((_PLAIN[ch], False))
        elif ch in _SHIFTED:
            out.append((_SHIFTED[ch], True))
        i += 1
    return out, data[i:]


class Keys:
    """Key tokens -> a button mask over time (terminals send no key-up events)."""

    def __init__(self):
        self.spans = {}  # bit -> [start_ms, end_ms) on a plain monotonic ms scale
        self.long_next = False

    def feed(self, tokens, now):
        """Apply decoded tokens at time now (ms); returns True if QUIT was among them."""
        quit_ = False
        for name, long_ in tokens:
            if name == QUIT:
                quit_ = True
            elif name == LONG:
                self.long_next = not self.long_next  # pressing l twice cancels
            else:
                long_ = long_ or self.long_next
                self.long_next = False
                self.press(B.by_name(name), now, LONG_PRESS_MS if long_ else PRESS_MS)
        return quit_

    def press(self, bit, now, ms):
        span = self.spans.get(bit)
        if span and now < span[1]:
            # still held (or queued): keyboard auto-repeat keeps holding it
            span[1] = max(span[1], max(now, span[0]) + ms)
        elif span and now < span[1] + GAP_MS:
            # released too recently for the debounce to notice: press again after a gap
            start = span[1] + GAP_MS
            self.spans[bit] = [start, start + ms]
        else:
            self.spans[bit] = [now, now + ms]

    def mask(self, now):
        m = 0
        for bit, (start, end) in self.spans.items():
            if start <= now < end:
                m |= bit
        return m


NEED_COLS = 130  # the panel and its border


def _size(out):
    try:
        sz = os.get_terminal_size(out.fileno())
        return (sz.columns, sz.lines)
    except (OSError, ValueError, AttributeError):
        return (NEED_COLS, 40)


# --- the loop --------------------------------------------------------------------------
def run(app, display, leds, start_ms=0, out=None, inp=None, data_note="", on_step=None):
    """Drive app in real time from the terminal until the user quits; on_step(now) after
    each step of the app (the phones' server, --phones)."""
    import termios
    import tty

    out = out or sys.stdout
    fd = (inp or sys.stdin).fileno()
    if not os.isatty(fd):
        sys.stderr.write("host_sim: the interactive simulator needs a terminal (use --script for headless runs)\n")
        return 2
    color = os.environ.get("NO_COLOR") is None
    saved = termios.tcgetattr(fd)
    keys = Keys()
    t0 = time.monotonic()
    pending = b""
    pending_t = 0
    shown = None
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?1049h\x1b[?25l\x1b[2J")  # alternate screen, hide cursor, clear
        out.flush()
        while True:
            now = int((time.monotonic() - t0) * 1000)
            r, _, _ = select.select([fd], [], [], STEP_MS / 1000)
            if r:
                chunk = os.read(fd, 256)
                if not chunk:
                    break
                pending += chunk
                pending_t = now
            final = bool(pending) and now - pending_t >= ESC_TIMEOUT_MS
            tokens, pending = decode(pending, final)
            if tokens and keys.feed(tokens, now):
                break
            mask = keys.mask(now)
            app.step(ticks_add(start_ms, now), mask)
            if on_step is not None:
                on_step(ticks_add(start_ms, now))
            # the fakes log every push and LED change; the terminal needs no history
            del display.pushes[:]
            if leds is not None:
                del leds.history[:]
            lights = leds.state if leds is not None else (0, 0, 0)
            err = app.last_error
            note = data_note if err is None else "error: %s: %s" % (type(err).__name__, err)
            size = _size(out)
            snap = (bytes(display.buf), display.on, display.level, lights, mask, keys.long_next, note, size)
            if snap != shown:
                if shown is None or size != shown[-1]:
                    out.write("\x1b[2J")
                shown = snap
                lines = draw(display.buf, display.on, display.level, lights, mask, keys.long_next, color, note)
                if size[0] < NEED_COLS or size[1] < len(lines):
                    lines = [
                        "Terminal too small: the simulator needs %d x %d, this one is %d x %d."
                        % (NEED_COLS, len(lines), size[0], size[1]),
                        "Enlarge the window or make the font smaller; q quits.",
                    ]
                out.write("\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K")
                out.flush()
    except KeyboardInterrupt:
        pass
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[0m\x1b[?25h\x1b[?1049l")
        out.flush()
    if app.last_error is not None:
        import traceback

        e = app.last_error
        sys.stderr.write("host_sim: a screen raised an error during the session:\n")
        traceback.print_exception(type(e), e, e.__traceback__)
        return 1
    return 0
