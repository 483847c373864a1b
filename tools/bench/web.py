"""The web page in headless Chromium on localhost (issue 32): what a press costs from the
input event to the panel, how long the first frame takes, what the first visit downloads.

measure(presses, loads) -> {"latency": {how: [ms, ...]}, "ok_release": [ms], "cold": [ms],
"browser_first": ms, "warm": [ms], "bytes": n, "requests": n, "files": {name: bytes},
"load": load average, "cpus": n} or {"missing": why};
section() is its part of BENCHMARKS.md (`python -m tools.bench --web-only` replaces just
that section, in seconds).

- latency: real touch, mouse and key events (CDP Input.dispatch*Event, touch emulation on)
  on D-pad DOWN and UP of the home menu, each moving its cursor; from the event's
  timeStamp (when the browser took it) to the putImageData of the frame it caused.
  OK acts on its release: from the touch's end, opening the first game's menu once the
  box has had idle time to load it (webshot.ok_release).
- cold: a fresh origin (a new server port: nothing cached, no service worker) loaded after
  the browser itself has started (its very first page, slower, is reported apart); warm:
  a reload of it with the service worker's copies. The first frame is the page's performance mark tablebox-first-frame, from navigation.
- bytes: the body bytes the server sent for a first visit until the service worker has
  precached the site (its requests revalidate what the browser has: 304s), with gzip
  accepted as every browser does (tools/web.py sends the .gz copies).
"""

import os
import statistics
import tempfile

from tools import web, webshot
from tools.bench.markdown import md_table

PRESSES = 10  # of each kind
LOADS = 5  # cold and warm
LIMIT_MS = 20  # issue 32: touch-down to panel change
BYTES = 600 * 1024  # issue 32: the first visit
FIRST_MS = 400  # issue 32: the cold first frame


def first_frame(driver):
    return webshot.wait_until(
        driver, "performance.getEntriesByName('tablebox-first-frame').map((e) => e.startTime)[0]", what="the first frame")


def measure(presses=PRESSES, loads=LOADS):
    try:
        driver = webshot.browser(*webshot.PHONE)
    except webshot.Unavailable as e:
        return {"missing": str(e)}
    r = {"latency": {}, "cold": [], "warm": [], "load": os.getloadavg()[0], "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="tablebox-webbench-") as tmp:
        site = web.build(os.path.join(tmp, "web"))
        r["files"] = {n: os.path.getsize(os.path.join(site, n)) for n in sorted(os.listdir(site))}
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": webshot.TIMES})
        driver.set_script_timeout(30)
        try:
            for n in range(loads + 1):  # the first load starts the browser's own machinery: not counted
                server = web.serve(site, 0)
                try:
                    driver.get("http://127.0.0.1:%d/?seed=1" % server.server_address[1])
                    webshot.wait_booted(driver)
                    cold = first_frame(driver)
                    driver.execute_async_script(webshot.SW_READY)
                    sent, requests = server.sent, server.requests
                    driver.refresh()
                    webshot.wait_booted(driver)
                    if not n:
                        r["browser_first"] = cold
                    else:
                        r["cold"].append(cold)
                        r["warm"].append(first_frame(driver))
                        r["bytes"], r["requests"] = sent, requests
                    if n < loads:
                        continue
                    for how in ("touch", "mouse", "key"):
                        r["latency"][how] = []
                        for name in ("DOWN", "UP") * presses:
                            r["latency"][how].append(webshot.latency(driver, how, name))
                            webshot.latency(driver, how, name, down=False)
                    r["ok_release"] = [webshot.ok_release(driver) for _ in range(presses)]
                finally:
                    server.shutdown()
                    server.server_close()
        finally:
            driver.quit()
    return r


def _ms(xs):
    return "%.1f / %.1f ms" % (statistics.median(xs), max(xs))


def section(r):
    L = ["## The web page (headless Chromium, localhost)", ""]
    if "missing" in r:
        return L + ["Not measured: %s." % r["missing"], ""]
    L.append(
        "The page of `./dev web` in Debian's headless Chromium at 390x844 (2x), touch emulation on, served by "
        "tools/web.py on 127.0.0.1 (tools/bench/web.py). Press to panel: from the input event's timeStamp to the "
        "frame it drew (putImageData), %d presses of each kind moving the home menu's cursor; OK acts on its release. "
        "Before issue 32 a touch reached the panel 101-105 ms late (mouse 1-9 ms, keys 1-8 ms) and the first visit "
        "downloaded 943 KB in 20 requests. The machine's load average when this started: %.1f on %d CPUs (other work "
        "running besides)." % (len(r["latency"]["touch"]), r["load"], r["cpus"]))
    L.append("")
    rows = []
    for how, label in (("touch", "touch-down (D-pad)"), ("mouse", "mouse button down (D-pad)"), ("key", "key down (arrows)")):
        ms = r["latency"][how]
        rows.append(("%s to panel: median / max" % label, _ms(ms), "%d ms" % LIMIT_MS,
                     "PASS" if statistics.median(ms) <= LIMIT_MS else "MISS"))
    rows.append(("touch-up on OK to a new screen (acts on release): median / max", _ms(r["ok_release"]), "", ""))
    rows.append(("first frame, cold (new origin, nothing cached): median / max of %d" % len(r["cold"]), _ms(r["cold"]),
                 "%d ms" % FIRST_MS, "PASS" if statistics.median(r["cold"]) < FIRST_MS else "MISS"))
    rows.append(("first frame, cold, the browser's first page since it started", "%.1f ms" % r["browser_first"], "", ""))
    rows.append(("first frame, warm (reload, service worker's copies): median / max of %d" % len(r["warm"]),
                 _ms(r["warm"]), "", ""))
    rows.append(("bytes on the first visit (service worker's precache included), requests",
                 "%.1f KB, %d" % (r["bytes"] / 1024, r["requests"]), "%d KB" % (BYTES // 1024),
                 "PASS" if r["bytes"] <= BYTES else "MISS"))
    L.append(md_table(("what", "measured", "limit", ""), rows, "lrrl"))
    L.append("")
    files = r["files"]
    sent = [(n, files[n], files.get(n + ".gz", files[n])) for n in sorted(files) if not n.endswith(".gz")]
    L.append("The site's files, and what a browser that accepts gzip gets (app.bin: the core compiled by mpy-cross "
             "and the text tables, gzip'd inside):")
    L.append("")
    L.append(md_table(("file", "bytes", "sent"), [(n, a, b) for n, a, b in sent]
                      + [("total", sum(a for _, a, _ in sent), sum(b for _, _, b in sent))]))
    L.append("")
    return L
