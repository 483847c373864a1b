"""The web page in a real headless browser: Debian's chromium driven by selenium.

    python -m tools.webshot [DIR]   the README's phone screenshots, portrait and landscape
                                    (DIR/web-phone.png, DIR/web-landscape.png; DIR: docs)

browser(width, height, scale) starts chromium (/usr/bin/chromium) through its own
chromedriver (/usr/bin/chromedriver, given explicitly so Selenium Manager never downloads
a driver) with a phone-sized viewport of width x height CSS px at `scale` device pixels
per px, and returns the selenium driver; it raises Unavailable, saying why, when selenium
or the browser is missing (`./dev setup` installs them where it can). Its console log is
kept (driver.get_log("browser")). tests/test_web.py plays the games with it.

The screenshots are a fresh box (seeded 1) at the first voter's secret ballot of the Secret
vote, where both vote buttons are lit, on a phone held upright (PHONE) and turned (LANDSCAPE).
"""

import os
import sys
import time

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = (390, 844, 2)  # CSS px and device pixels per px of a common phone
LANDSCAPE = (844, 390, 2)  # the same phone turned
DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs")
TO_HANDOVER = "DOWN DOWN DOWN DOWN DOWN OK UP OK OK"  # home -> Secret vote, 3 players, "Pass the phone to P1"


class Unavailable(Exception):
    pass


def browser(width, height, scale=1):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        raise Unavailable("selenium is not installed (./dev setup installs the dev extras)")
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            raise Unavailable("no %s (Debian package %s; ./dev setup installs it as root)" % (path, package))
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    except Exception as e:  # selenium wraps every start failure its own way
        raise Unavailable("chromium did not start: %s" % str(e).strip().splitlines()[0])
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": True},
    )
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    return driver


def wait_until(driver, script, timeout=20, what="the page"):
    """Poll the JavaScript expression `script` until it is truthy; return its value."""
    end = time.time() + timeout
    while True:
        value = driver.execute_script("return " + script)
        if value:
            return value
        if time.time() > end:
            raise AssertionError("%s: still not %s after %d s" % (what, script, timeout))
        time.sleep(0.02)


def wait_booted(driver, timeout=20):
    """Wait until the page's box runs (its "Starting" note is hidden)."""
    try:
        wait_until(driver, "document.getElementById('note').hidden", timeout)
    except AssertionError:
        raise AssertionError("the page did not start: " + driver.find_element("id", "note").text)


def idle(driver, timeout=20):
    """Wait until every press and release sent has reached the core (web/main.js queues
    them) and two more steps ran: what they drew is on the panel."""
    steps = wait_until(driver, "window.tablebox.pending === 0 && window.tablebox.steps + 1", timeout)
    wait_until(driver, "window.tablebox.steps >= %d" % (steps + 1), timeout)


# The keys of the terminal simulator, as CDP key events: (key, code, virtual key code)
KEYS = {"UP": ("ArrowUp", "ArrowUp", 38), "DOWN": ("ArrowDown", "ArrowDown", 40),
        "LEFT": ("ArrowLeft", "ArrowLeft", 37), "RIGHT": ("ArrowRight", "ArrowRight", 39),
        "OK": ("Enter", "Enter", 13), "BACK": ("Escape", "Escape", 27), "YES": ("y", "KeyY", 89),
        "NO": ("n", "KeyN", 78), "TAB": ("Tab", "Tab", 9), "SPACE": (" ", "Space", 32)}


def key(driver, name, down):
    """A real key event (CDP Input.dispatchKeyEvent), as a keyboard sends it."""
    k, code, vk = KEYS[name]
    driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
        "type": "keyDown" if down else "keyUp", "key": k, "code": code,
        "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk})


def center(driver, name):
    r = driver.execute_script(
        "const r = document.querySelector('[data-button=\"%s\"]').getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2]" % name)
    return r[0], r[1]


def touch(driver, name, down, finger=0):
    """A real touch on the button (CDP Input.dispatchTouchEvent, touch emulation on)."""
    x, y = center(driver, name)
    points = [{"x": x, "y": y, "id": finger, "radiusX": 4, "radiusY": 4, "force": 1}] if down else []
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart" if down else "touchEnd", "touchPoints": points})


def mouse(driver, name, down):
    """A real mouse button on the button (CDP Input.dispatchMouseEvent)."""
    x, y = center(driver, name)
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": "mousePressed" if down else "mouseReleased", "x": x, "y": y, "button": "left", "clickCount": 1})


INPUTS = {"touch": touch, "mouse": mouse, "key": key}
# an async script: done once the page's service worker controls it (the site precached)
SW_READY = ("const done = arguments[0]; navigator.serviceWorker.ready.then(function wait() {"
            " if (navigator.serviceWorker.controller) done(true); else setTimeout(wait, 20); });")

# Installed before the page's own scripts (Page.addScriptToEvaluateOnNewDocument): the
# time of every input event as the browser stamped it, and of every frame put on the
# panel, for latency(); the first frame is marked by the page (tablebox-first-frame).
TIMES = """
window.__inputAt = 0;
window.__putAt = 0;
for (const type of ["pointerdown", "pointerup", "keydown", "keyup"])
    addEventListener(type, (e) => { window.__inputAt = e.timeStamp; }, true);
const __put = CanvasRenderingContext2D.prototype.putImageData;
CanvasRenderingContext2D.prototype.putImageData = function (...args) {
    __put.apply(this, args);
    window.__putAt = performance.now();
};
"""


def latency(driver, how, name, down=True):
    """ms from the input event (its timeStamp: when the browser took the touch, click or
    key) to the frame it caused on the panel, or None when it drew nothing. The page must
    carry TIMES. Sends the press (down) or the release."""
    driver.execute_script("window.__putAt = 0; window.__inputAt = 0;")
    INPUTS[how](driver, name, down)
    wait_until(driver, "window.__inputAt", 5, "the %s event" % how)
    idle(driver)
    put, at = driver.execute_script("return [window.__putAt, window.__inputAt]")
    return put - at if put else None


def ok_release(driver):
    """ms from the touch's end on OK to the screen it opens, from the home menu's first
    game (OK acts on its release), once the box has had its idle time to load what that
    row needs (core.app warm: after 100 ms idle, a module a step); back to the menu after."""
    press(driver, ["DOWN"])
    time.sleep(0.4)  # idle time, as a table reading the menu gives it; never too short when longer
    touch(driver, "OK", True)
    idle(driver)
    ms = latency(driver, "touch", "OK", down=False)
    press(driver, ["BACK", "UP"])
    return ms


def press(driver, names, how="touch"):
    """Press the page's buttons by name, one after the other, each press and release
    reaching the core before the next."""
    for name in names:
        INPUTS[how](driver, name, True)
        INPUTS[how](driver, name, False)
        idle(driver)


def to_ballot(driver):
    """From the home menu to the first voter's ballot of a 3-player Secret vote: the
    hand-over takes OK once it says so (core.ui.Armed)."""
    press(driver, TO_HANDOVER.split())
    wait_until(driver, "document.getElementById('lines').textContent.includes('then press OK')", what="the hand-over")
    press(driver, ["OK"])


def main(argv=None):
    from tools import web

    docs = (argv if argv is not None else sys.argv[1:] or [DOCS])[0]
    server = web.serve(web.build(), 0)
    try:
        driver = browser(*PHONE)
    except Unavailable as e:
        server.shutdown()
        sys.stderr.write("tools.webshot: %s\n" % e)
        return 1
    try:
        driver.get("http://127.0.0.1:%d/?seed=1" % server.server_address[1])
        wait_booted(driver)
        to_ballot(driver)
        for name, (w, h, scale) in (("web-phone.png", PHONE), ("web-landscape.png", LANDSCAPE)):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": w, "height": h, "deviceScaleFactor": scale, "mobile": True})
            wait_until(driver, "innerWidth === %d && document.querySelector('.box').classList.contains('%s')"
                       % (w, "landscape" if w > h else "portrait"))
            idle(driver)
            path = os.path.join(docs, name)
            driver.save_screenshot(path)
            print("wrote %s" % os.path.relpath(path))
    finally:
        driver.quit()
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
