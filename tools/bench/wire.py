"""I2C traffic per interaction: the sessions and a walk through the home menu on CPython,
through the real driver over a counting bus. measure() -> ({interaction kind: [(wire
bytes, transactions, payload bytes)]}, (transactions, payload) of the boot)."""

from host_sim import fakes
from host_sim.script import Runner
from tools.bench.markdown import md_table, median, verdict
from tools.bench.mp.harness import make_app
from tools.bench.sessions import home_script, is_press

FRAME_WIRE = 1026  # address byte + control byte + 1,024 pixel bytes (DESIGN.md)
PAGE_PUSH = 7 + 1 + 1 + 1 + 128  # window command (addr + 7) + data write (addr + ctrl + 128)
TARGET_TWO_PAGES = 2 * PAGE_PUSH  # two non-adjacent pages: two command + data writes
SMALL = ("cursor move", "value change")  # the interactions held to two pages
ORDER = ("cursor move", "value change", "cursor move, list scrolls", "table scroll", "screen change",
         "no visible change")


def i2c_ms(writes, payload, hz=400000):
    """Time on a bus at `hz`: 9 clocks per byte (8 bits + ACK) for the address byte and
    every payload byte, plus about 2 clocks of START/STOP per transaction."""
    return (9 * (writes + payload) + 2 * writes) * 1000.0 / hz


def snapshot(app):
    top = app.top()
    return (top, len(app.stack), getattr(top, "index", None), getattr(top, "value", None), getattr(top, "top", None))


def classify(before, app):
    """What one button step did to the screen: before = snapshot(app) taken ahead of it."""
    top = app.top()
    if top is not before[0] or len(app.stack) != before[1]:
        return "screen change"
    if hasattr(top, "index") and top.index != before[2]:
        return "cursor move, list scrolls" if getattr(top, "top", None) != before[4] else "cursor move"
    if hasattr(top, "value") and hasattr(top, "hi") and top.value != before[3]:
        return "value change"
    if getattr(top, "top", None) != before[4]:
        return "table scroll"
    return "no visible change"


def measure(sess_list):
    kinds = {}
    boot = None
    for lines in [s["lines"] for s in sess_list] + [home_script()]:
        app, i2c = make_app(fakes.MemStorage())
        r = Runner(app)
        if boot is None:
            boot = i2c.mark()  # SSD1306 init (the panel stays dark) and the first frame
        for line in lines:
            if not is_press(line):
                r.do(line)
                continue
            before = snapshot(app)
            m = i2c.mark()
            err = r.do(line)
            if err:
                raise SystemExit("traffic: " + err)
            w, p = i2c.since(m)
            kinds.setdefault(classify(before, app), []).append((w + p, w, p))
    return kinds, boot


def target_row(kinds):
    m = max([x[0] for k in SMALL for x in kinds.get(k, [])] or [0])  # most bytes a cursor move or value change sent
    return ("cursor move / value change on the bus (max)", "%d bytes" % m, "%d bytes (2 pages)" % TARGET_TWO_PAGES,
            verdict(m <= TARGET_TWO_PAGES))


def section(kinds, boot):
    L = ["## Display traffic", "",
         "The sessions and a walk down and up the home menu on CPython through firmware/ssd1306.py over an I2C stand-in "
         "that counts transactions and payload bytes; a button step is one interaction, named by what it did to the top "
         "screen. On the wire: the payload and an address byte a transaction; adjacent changed pages go as one 8-byte "
         "window command and one data write (one page: %d bytes, full frame %d + 8). Time at 400 kHz: `(9 * bytes + 2 * "
         "transactions) / 400 kHz` (8 bits + ACK, about 2 clocks of START/STOP; gaps on top). Boot (init, dark until "
         "the first frame is in the panel's RAM): %d bytes, %.1f ms." % (PAGE_PUSH, FRAME_WIRE, sum(boot), i2c_ms(*boot))]
    rows = []
    for k in ORDER + tuple(sorted(set(kinds) - set(ORDER))):
        xs = kinds.get(k)
        if not xs:
            continue
        wire = sorted(x[0] for x in xs)
        over = sum(1 for w in wire if w > TARGET_TWO_PAGES)
        tmed = i2c_ms(median([x[1] for x in xs]), median([x[2] for x in xs]))
        tmax = max(i2c_ms(x[1], x[2]) for x in xs)
        lim = verdict(wire[-1] <= TARGET_TWO_PAGES) if k in SMALL else ""
        rows.append((k, len(xs), "%d" % median(wire), "%d" % wire[-1], "%d%%" % round(100.0 * wire[-1] / FRAME_WIRE),
                     "%.1f ms" % tmed, "%.1f ms" % tmax, over, lim))
    L += ["", md_table(("interaction", "n", "median bytes", "max bytes", "max vs frame", "median time", "max time",
                        "> 2 pages", "<= 2 pages"), rows, "lrrrrrrrl"), ""]
    vc = kinds.get("value change", [])
    return L + ["Two pages are %d bytes when adjacent and %d when not; a full frame is %d. The number picker draws its "
                "value and arrows on pages 3-4: a value change sends those two as one run (max measured: %d bytes). A "
                "cursor move that scrolls the list redraws every row under the header." % (
                    PAGE_PUSH + 128, TARGET_TWO_PAGES, FRAME_WIRE + 8, max([x[0] for x in vc] or [0])), ""]
