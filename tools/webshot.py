"""The web page in a real headless browser: Debian's chromium driven by selenium.

    python -m tools.webshot [docs/web-phone.png]   the README's phone screenshot

browser(width, height, scale) starts chromium (/usr/bin/chromium) through its own
chromedriver (/usr/bin/chromedriver, given explicitly so Selenium Manager never downloads
a driver) with a phone-sized viewport of width x height CSS px at `scale` device pixels
per px, and returns the selenium driver; it raises Unavailable, saying why, when selenium
or the browser is missing (`./dev setup` installs them where it can). Its console log is
kept (driver.get_log("browser")). tests/test_web.py plays the games with it.

The screenshot is a fresh box (seeded 1) at the first voter's secret ballot of the Secret
vote, where both vote buttons are lit.
"""

import os
import sys
import time

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = (390, 844, 2)  # CSS px and device pixels per px of a common phone
SHOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "web-phone.png")
TO_BALLOT = "DOWN DOWN DOWN DOWN DOWN OK UP OK OK OK"  # home -> Secret vote, 3 players, P1's ballot


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


def wait_booted(driver, timeout=20):
    """Wait until the page's box runs (its "Starting" note is hidden)."""
    end = time.time() + timeout
    while not driver.execute_script("return document.getElementById('note').hidden"):
        if time.time() > end:
            raise AssertionError("the page did not start: " + driver.find_element("id", "note").text)
        time.sleep(0.05)


def press(driver, names, hold_ms=60, gap_ms=80):
    """Press the page's buttons by name, one after the other, with touches."""
    from selenium.webdriver.common.action_chains import ActionChains

    chain = ActionChains(driver)
    for name in names:
        button = driver.find_element("css selector", '[data-button="%s"]' % name)
        chain.click_and_hold(button).pause(hold_ms / 1000).release().pause(gap_ms / 1000)
    chain.perform()


def main(argv=None):
    from tools import web

    path = (argv if argv is not None else sys.argv[1:] or [SHOT])[0]
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
        press(driver, TO_BALLOT.split())
        time.sleep(0.3)
        driver.save_screenshot(path)
    finally:
        driver.quit()
        server.shutdown()
    print("wrote %s" % os.path.relpath(path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
