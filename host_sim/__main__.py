"""Command line of the desktop simulator.

    python -m host_sim                      interactive terminal simulator
    python -m host_sim --script FILE        headless: run a step script (FILE '-' = stdin)

See `python -m host_sim --help`, host_sim/script.py for the step language and
host_sim/terminal.py for the keys.
"""

import argparse
import os
import sys
import traceback

DEFAULT_DATA = "~/.tablebox-sim"

EPILOG = """\
script steps (one per line, see host_sim/script.py):
  OK BACK UP DOWN LEFT RIGHT YES NO   short press
  hold BUTTON [MS]                    hold (default 1000 ms: long press)
  wait MS                             let time pass
  expect "text"                       fail unless a screen line contains text
  screen                              print the screen's lines
  # comment

interactive keys: arrows = D-pad, Enter = OK, Backspace/Esc = BACK, y/n = YES/NO,
  long press (held 1 s): Shift (Y N O B, Shift+arrow) or l then any key; q/Ctrl-C quits.
  Storage lives in --data (default %s), so quitting and starting again is like a
  power cut and resume.

exit status: 0 ok; 1 failed expect, bad or unknown step, or a crash; 2 usage.
""" % DEFAULT_DATA


def parse(argv):
    p = argparse.ArgumentParser(
        prog="python -m host_sim",
        description="Tablebox desktop simulator: the same core as the device, on a fake clock and fake hardware.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--script", metavar="FILE", help="run headless from a step script ('-' = stdin)")
    p.add_argument("--echo", action="store_true", help="with --script: print each step and the screen after it")
    p.add_argument("--png", metavar="DIR", help="with --script: write DIR/step-NNNN.png after each step (0000 = boot)")
    p.add_argument("--seed", type=int, metavar="N", help="App seed (default 1 with --script; random in the terminal)")
    p.add_argument(
        "--data",
        metavar="DIR",
        help="persistent storage folder (default: in memory with --script, %s in the terminal)" % DEFAULT_DATA,
    )
    p.add_argument("--start-ms", type=int, default=0, metavar="N", help="start the simulated tick clock at N ms (wraps at 2**30)")
    p.add_argument("--lang", choices=("en", "de", "nl"), help="set the language setting before start")
    p.add_argument("--kit", action="store_true", help="add the kit test game (host_sim/kit.py) to the home menu")
    p.add_argument("--phones", action="store_true", help="serve the players' phones on this computer's LAN address (README, Phones)")
    p.add_argument("--phones-port", type=int, default=8024, metavar="N", help="with --phones: the port (default 8024)")
    return p.parse_args(argv)


def make_storage(data_dir):
    if data_dir is None:
        from host_sim.fakes import MemStorage

        return MemStorage()
    from host_sim.storage import FileStorage

    return FileStorage(data_dir)


def apply_lang(storage, lang):
    if lang:
        from core import settings

        s = settings.load(storage)[0]
        s["lang"] = lang
        settings.save(storage, s)


def _blank_if_off(display):
    return display.buf if display.on else bytes(len(display.buf))


def run_script(args):
    from core.app import App
    from host_sim import png, script
    from host_sim.fakes import Display, Leds

    name = "<stdin>" if args.script == "-" else args.script
    try:
        if args.script == "-":
            lines = sys.stdin.read().splitlines()
        else:
            with open(args.script, encoding="utf-8") as f:
                lines = f.read().splitlines()
    except OSError as e:
        sys.stderr.write("host_sim: cannot read script: %s\n" % e)
        return 1
    if args.png:
        os.makedirs(args.png, exist_ok=True)

    def shot(n):
        if args.png:
            png.write(os.path.join(args.png, "step-%04d.png" % n), _blank_if_off(display))

    def fail(where, msg, exc=None):
        if exc is not None:
            traceback.print_exception(type(exc), exc, exc.__traceback__)
        sys.stderr.write("%s: %s: %s\n" % (name, where, msg))
        return 1

    display, leds = Display(), Leds()
    try:
        storage = make_storage(args.data)
        apply_lang(storage, args.lang)
        app = App(display, leds, storage, 1 if args.seed is None else args.seed)
        runner = script.Runner(app, args.start_ms)
    except Exception as e:
        return fail("at start", "crash: %s: %s" % (type(e).__name__, e), e)
    if app.last_error is not None:
        e = app.last_error
        return fail("at start", "crash: %s: %s" % (type(e).__name__, e), e)
    shot(0)

    steps = 0
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line[0] == "#":
            continue
        steps += 1
        where = "line %d (%s)" % (n, line)
        try:
            err = runner.do(line)
        except ValueError as e:  # e.g. "wait soon": a malformed step, not a crash
            return fail(where, "bad step: %s" % e)
        except Exception as e:
            return fail(where, "crash: %s: %s" % (type(e).__name__, e), e)
        if args.echo:
            print("> " + line)
            for s in runner.lines():
                print("  " + s)
        shot(steps)
        if err:
            exc = app.last_error if err.startswith("crash:") else None
            return fail(where, err, exc)
    if not args.echo:
        print("\n".join(runner.lines()))
    return 0


def run_terminal(args):
    from core.app import App
    from host_sim import terminal
    from host_sim.fakes import Display, Leds

    data = args.data or DEFAULT_DATA
    storage = make_storage(data)
    apply_lang(storage, args.lang)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    display, leds = Display(), Leds()
    app = App(display, leds, storage, seed)
    note, step = "data: " + storage.root, None
    if args.phones:
        app.phones = phone_server(app, "0.0.0.0", args.phones_port, lan_address())
        note += "  phones: " + app.phones.base
        step = app.phones.step
    return terminal.run(app, display, leds, args.start_ms, data_note=note, on_step=step)


def phone_server(app, host, port, address):
    """The phones' server (firmware/phoneserver.py, core.phones) for app on host:port, its
    links on address."""
    from core.phones import Api
    from firmware.phoneserver import Server

    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "core", "phone.html"), "rb") as f:
        server = Server(Api(app, f.read()), host, port, os.urandom)
    server.base = "http://%s:%d" % (address, server.port)
    return server


def lan_address():
    """This computer's address on its network, as phones on the same Wi-Fi reach it (the
    first that is not a loopback one), else 127.0.0.1."""
    import socket

    try:
        found = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        found = []
    for a in found:
        if not a.startswith("127."):
            return a
    return "127.0.0.1"


def main(argv=None):
    args = parse(argv)
    if args.kit:
        from host_sim import register_kit

        register_kit()
    if args.script is not None:
        return run_script(args)
    if args.echo or args.png:
        sys.stderr.write("host_sim: --echo and --png need --script\n")
        return 2
    return run_terminal(args)


if __name__ == "__main__":
    sys.exit(main())
