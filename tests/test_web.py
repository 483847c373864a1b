"""The web page (web/, tools/web.py) in a real headless browser, against the host simulator.

The site is built once; each browser test serves it from its own server on 127.0.0.1 (a
random free port, so a fresh origin: empty storage, no service worker yet) and plays a script
of tests/scripts with key presses. Every frame the page's canvas shows is read back from
its pixels (getImageData, after each putImageData) into the 1024-byte SSD1306 buffer; the
sequence of distinct frames must be the host simulator's for the same script and seed.
Real time runs in the page, so frames are compared as that sequence, not step by step.

Chromium and its driver come from Debian (`./dev setup` installs them as root); without
them, or without selenium, the browser tests skip saying why (tools/webshot.py).
"""

import base64
import json
import os
import time
import urllib.request

import pytest

from core.app import App
from host_sim import fakes, script
from tests.mpwasm import mp_available
from tools import web, webshot
from web.box import PREFIX, Storage

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")
SEED = 1
PRESS_S = script.PRESS_MS / 1000
GAP_S = script.GAP_MS / 1000
G23_CUT = 64  # a line of g23_2players.txt after a committed step: the reload happens there

# Installed before the page's own scripts: after every putImageData the whole canvas is
# read back, thresholded into SSD1306 pages and kept when it differs from the last one.
CAPTURE = """
window.__frames = [];
const put = CanvasRenderingContext2D.prototype.putImageData;
CanvasRenderingContext2D.prototype.putImageData = function (...args) {
    put.apply(this, args);
    const px = this.getImageData(0, 0, 128, 64).data;
    const buf = new Uint8Array(1024);
    for (let y = 0; y < 64; y++)
        for (let x = 0; x < 128; x++)
            if (px[(y * 128 + x) * 4] > 128) buf[(y >> 3) * 128 + x] |= 1 << (y & 7);
    const hex = Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
    if (window.__frames[window.__frames.length - 1] !== hex) window.__frames.push(hex);
};
"""


def lines_of(name):
    with open(os.path.join(SCRIPTS, name), encoding="utf-8") as f:
        return f.read().splitlines()


def distinct(frames):
    out = []
    for f in frames:
        if not out or out[-1] != f:
            out.append(f)
    return out


def host_run(parts):
    """Play script parts on the host simulator with a power cut (a new App on the same
    storage) between parts: (the distinct frames it showed, as hex; its storage)."""
    storage = fakes.MemStorage()
    frames = []
    for lines in parts:
        display = fakes.Display()
        runner = script.Runner(App(display, fakes.Leds(), storage, SEED))
        frames.append(bytes(display.buf).hex())  # the boot frame
        runner.on_step = lambda _runner, d=display: frames.append(bytes(d.buf).hex())
        for n, line in enumerate(lines, 1):
            err = runner.do(line)
            assert err is None, "host: line %d: %s" % (n, err)
    return distinct(frames), storage


# ---- the page -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not mp_available():
        pytest.skip("no MicroPython WebAssembly port in tests/mp/node_modules (./dev setup needs npm)")
    return web.build(str(tmp_path_factory.mktemp("web")))


@pytest.fixture(scope="module")
def driver():
    try:
        d = webshot.browser(*webshot.PHONE)
    except webshot.Unavailable as e:
        pytest.skip("no browser for the web tests: %s" % e)
    d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE})
    yield d
    d.quit()


@pytest.fixture
def server(site):
    s = web.serve(site, 0)
    yield s
    s.shutdown()
    s.server_close()


def url(server):
    return "http://127.0.0.1:%d/?seed=%d" % (server.server_address[1], SEED)


def play(driver, lines):
    """The script's steps as key presses, held as long as host_sim.script holds them
    (expect and screen are the host's part: the frames are compared afterwards)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    keys = {"UP": Keys.ARROW_UP, "DOWN": Keys.ARROW_DOWN, "LEFT": Keys.ARROW_LEFT, "RIGHT": Keys.ARROW_RIGHT,
            "OK": Keys.ENTER, "BACK": Keys.ESCAPE, "YES": "y", "NO": "n"}
    chain = ActionChains(driver, duration=0)
    for line in lines:
        words = line.split()
        if not words or words[0][0] == "#" or words[0] in ("expect", "screen"):
            continue
        if words[0] == "wait":
            chain.pause(int(words[1]) / 1000)
            continue
        held = PRESS_S
        if words[0] == "hold":
            words = words[1:]
            held = int(words[1]) / 1000 if len(words) > 1 else 1.0
        k = keys[words[0].upper()]
        chain.key_down(k).pause(held).key_up(k).pause(GAP_S)
    chain.perform()


def settled(driver, quiet=0.4, timeout=10):
    """The page's new distinct frames once none came for `quiet` seconds."""
    frames = []
    end = time.time() + timeout
    last = time.time()
    while time.time() - last < quiet:
        assert time.time() < end, "the page kept drawing"
        new = driver.execute_script("const f = window.__frames; window.__frames = []; return f;")
        if new:
            frames.extend(new)
            last = time.time()
        time.sleep(0.05)
    return frames


def load(driver, address):
    driver.get(address)
    webshot.wait_booted(driver)


def page_files(driver):
    return json.loads(driver.execute_script("return JSON.stringify(Object.assign({}, localStorage))"))


def quiet_console(driver):
    # CAPTURE's own readbacks make chromium advise willReadFrequently once: not the page's
    logs = [e for e in driver.get_log("browser") if "willReadFrequently" not in e["message"]]
    assert logs == [], "the page wrote to the console: %s" % logs


# ---- tests ------------------------------------------------------------------------------
def test_secret_vote_frames_and_secrecy(driver, server):
    lines = lines_of("secret_vote.txt")
    yes = lines.index("YES") + 1  # P1 votes YES, P2 votes NO: the page must look the same after
    no = lines.index("NO") + 1
    load(driver, url(server))
    frames, snaps = [], []
    for part in (lines[:yes], lines[yes:no], lines[no:]):
        play(driver, part)
        frames += settled(driver)
        snaps.append(driver.execute_script(
            "return [document.body.outerHTML, document.activeElement === document.body]"))
    want, storage = host_run([lines])
    assert distinct(frames) == want
    assert snaps[0] == snaps[1], "the page differs after a YES and after a NO"
    assert snaps[0][1], "a button kept the focus"
    # the page stores the core's files and nothing else, byte for byte the host's
    assert page_files(driver) == {PREFIX + n: storage.get(n).hex() for n in storage.list()}
    quiet_console(driver)


def test_g23_frames_across_a_reload(driver, server):
    lines = lines_of("g23_2players.txt")
    before, after = lines[:G23_CUT], lines[G23_CUT:]
    load(driver, url(server))
    play(driver, before)
    frames = settled(driver)
    load(driver, url(server))  # a reload is a power cut
    play(driver, ["OK"])  # "Resume 23?"
    resumed = settled(driver)
    assert resumed[-1] == frames[-1], "the reloaded page did not resume where the game was"
    play(driver, after)
    frames += resumed + settled(driver)
    assert distinct(frames) == host_run([before, ["OK"] + after])[0]
    quiet_console(driver)


def test_seeded_dice_frames(driver, server):
    """The dice come from the seed (?seed=N, like firmware/config.SEED): the host's rolls."""
    lines = lines_of("mmag_solo.txt")
    load(driver, url(server))
    play(driver, lines)
    assert distinct(settled(driver)) == host_run([lines])[0]
    quiet_console(driver)


def test_what_the_rules_fits_lights_the_yes_lamp_at_full_level(driver, server):
    """The first card judged in wtr_4players.txt fits: the page's YES lamp at full level
    (--led 1, the core's 255), the NO lamp off, as on the simulator's LEDs."""
    lines = lines_of("wtr_4players.txt")
    leds = fakes.Leds()
    runner = script.Runner(App(fakes.Display(), leds, fakes.MemStorage(), SEED))
    cut = 0
    while "FITS" not in runner.lines():
        assert runner.do(lines[cut]) is None
        cut += 1
    assert leds.state[:2] == (255, 0)
    load(driver, url(server))
    play(driver, lines[:cut])
    settled(driver)
    levels = driver.execute_script(
        "return [...document.querySelectorAll('[data-led]')].sort((a, b) => a.dataset.led - b.dataset.led)"
        ".map(e => e.style.getPropertyValue('--led'))")
    assert levels[:2] == ["1.000", "0.000"]
    quiet_console(driver)


def test_offline_after_the_first_load(driver, server):
    load(driver, url(server))
    driver.set_script_timeout(20)
    assert driver.execute_async_script(
        "const done = arguments[0];"
        "navigator.serviceWorker.ready.then(function wait() {"
        "  if (navigator.serviceWorker.controller) done(true); else setTimeout(wait, 50); });")
    assert driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
    address = url(server)
    server.shutdown()
    server.server_close()
    with pytest.raises(OSError):
        urllib.request.urlopen(address, timeout=2)
    driver.execute_script("localStorage.clear()")
    load(driver, address)
    lines = lines_of("secret_vote.txt")
    play(driver, lines)
    assert distinct(settled(driver)) == host_run([lines])[0]
    quiet_console(driver)


# ---- the build (no browser needed) ----------------------------------------------------
def test_build_is_a_static_offline_site(site):
    names = sorted(os.listdir(site))
    for need in ("index.html", "main.js", "sw.js", "manifest.webmanifest", "app.json",
                 "micropython.mjs", "micropython.wasm", "icon-192.png", "icon-512.png"):
        assert need in names
    with open(os.path.join(site, "sw.js"), encoding="utf-8") as f:
        build = json.loads(web.BUILD_LINE.search(f.read()).group(0)[len("const BUILD = "):-1])
    assert build["files"] == ["./"] + [n for n in names if n != "sw.js"]
    with open(os.path.join(site, "app.json"), encoding="utf-8") as f:
        bundle = json.load(f)
    assert "web/box.py" in bundle and "core/app.py" in bundle
    assert all(p.startswith(("core/", "web/")) and p.endswith((".py", ".txt", ".bin")) for p in bundle)
    assert "core/lang/ui_de.txt" in bundle  # the text tables and the large face's glyphs
    assert base64.b64decode(bundle["core/bigfont.bin"]) == open(os.path.join(web.ROOT, "core", "bigfont.bin"), "rb").read()
    with open(os.path.join(site, "manifest.webmanifest"), encoding="utf-8") as f:
        sizes = {i["sizes"] for i in json.load(f)["icons"]}
    assert sizes == {"192x192", "512x512"}


def test_storage_adapter_round_trip():
    class LocalStorage(dict):  # the part of window.localStorage that web/box.py uses
        getItem, setItem, removeItem = dict.get, dict.__setitem__, lambda s, k: s.pop(k, None)

        @property
        def length(self):
            return len(self)

        def key(self, i):
            return sorted(self)[i]

    ls = LocalStorage(other="kept")
    st = Storage(ls)
    assert st.get("g23.sav") is None
    st.put("g23.sav", b"\x00\xffsave")
    st.put("settings.json", bytearray(b"{}"))
    assert st.get("g23.sav") == b"\x00\xffsave"
    assert st.list() == ["g23.sav", "settings.json"]
    st.delete("g23.sav")
    st.delete("g23.sav")
    assert st.list() == ["settings.json"] and ls["other"] == "kept"
    with pytest.raises(ValueError):
        st.put("../x", b"")
