"""The three browser engines the suite drives, and what differs between them.

- chromium: Debian's Chromium through chromedriver (Selenium), headless; exact metrics and media
  emulation through CDP. Its binary and headless mode are the benchmarks' too
  (Tools/casefile_bench/chromium.py, where Scripts/reader-bench.py starts it).
- webkit: WebKitGTK's MiniBrowser through WebKitWebDriver (Selenium's WebKitGTK driver), on an
  Xvfb display this module starts. The window's size is the viewport: MiniBrowser's
  `--full-screen` drops its toolbar, and with no window manager the window keeps the size it is
  given. Safari runs the same engine.
- firefox: `firefox-esr --headless --kiosk --marionette`, driven over Marionette with the
  marionette-driver package (no geckodriver) through FirefoxDriver, which offers the few Selenium
  calls the tests make. Each browser gets a fresh profile and asks Marionette for a free port
  (2828 is only the default), so two browsers never collide.

CASEFILE_ENGINES (comma-separated; default all three) picks which engines run.
"""

import glob
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.remote.command import Command
from selenium.webdriver.webkitgtk.service import Service as WebKitService

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tools"))
from casefile_bench import chromium  # noqa: E402

ALL = ("chromium", "webkit", "firefox")
ENABLED = tuple(e.strip() for e in os.environ.get("CASEFILE_ENGINES", ",".join(ALL)).split(",") if e.strip())
for _name in ENABLED:
    if _name not in ALL:
        raise SystemExit(f"CASEFILE_ENGINES: unknown engine {_name!r} (known: {', '.join(ALL)})")

# Every engine: the test runs once per engine named in CASEFILE_ENGINES.
EVERY_ENGINE = pytest.mark.engines(*ALL)

# What each engine does with the features the pages rely on beyond CSS 2.1, as it answers
# CSS.supports (test_engines.py checks that every engine still answers so):
# - backdrop-filter: the sheet's blurred material; without it the material is an opaque fill.
# - scroll-timeline: the dim following the dragged sheet (`animation-timeline: scroll()`); without
#   it the dim follows the :target-ed detent only.
# - positioned rows: whether a table row honours `position: relative`. WebKit keeps rows static,
#   which is why a row's select overlay is anchored to its cell (Templates/README.md).
CAPABILITIES = {
    "chromium": {"backdrop-filter": True, "scroll-timeline": True, "positioned rows": True},
    "webkit": {"backdrop-filter": True, "scroll-timeline": True, "positioned rows": False},
    "firefox": {"backdrop-filter": True, "scroll-timeline": False, "positioned rows": True},
}

CHROMIUM = chromium.BINARY  # CASEFILE_CHROMIUM, or /usr/bin/chromium
CHROMEDRIVER = os.environ.get("CASEFILE_CHROMEDRIVER", "/usr/bin/chromedriver")
WEBKITDRIVER = os.environ.get("CASEFILE_WEBKITDRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("CASEFILE_MINIBROWSER") or next(
    iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))), "/usr/lib/webkit2gtk-4.1/MiniBrowser")
FIREFOX = os.environ.get("CASEFILE_FIREFOX", "/usr/bin/firefox-esr")

INSTALL = {
    "chromium": "apt-get install -y chromium chromium-driver",
    "webkit": "apt-get install -y webkit2gtk-driver xvfb",
    "firefox": "apt-get install -y firefox-esr && pip install marionette-driver",
}


def require(engine, *paths):
    for path in paths:
        if not Path(path).exists():
            pytest.exit(
                f"{path} missing for the {engine} engine: {INSTALL[engine]} "
                f"(Scripts/install-deps.sh --test), or leave it out with CASEFILE_ENGINES",
                returncode=2,
            )


# ---------------------------------------------------------------- starting and resetting


SCREEN = (1600, 1200)


class Xvfb:
    """An X display of its own for one WebKitGTK browser, on the first free display number.
    With no window manager, the keyboard goes to the window under the pointer, which X leaves
    at the screen's centre: set_viewport keeps the window centred on it, or the page would not
    count as focused (no :focus-visible)."""

    def __init__(self):
        require("webkit", shutil.which("Xvfb") or "/usr/bin/Xvfb")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "%dx%dx24" % SCREEN, "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(write)
        # Xvfb writes the number, then a newline: read up to the newline before closing the pipe.
        number, deadline = b"", time.monotonic() + 30
        while not number.endswith(b"\n") and select.select([read], [], [], max(0, deadline - time.monotonic()))[0]:
            chunk = os.read(read, 32)
            if not chunk:
                break
            number += chunk
        os.close(read)
        number = number.decode().strip()
        if not number:
            self.process.kill()
            pytest.exit("Xvfb did not start within 30 s", returncode=2)
        self.display = ":" + number

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


def start(engine, metrics, xvfb=None):
    """A browser of that engine whose viewport is metrics' width x height; xvfb() gives WebKit
    the display it runs on."""
    if engine == "chromium":
        driver = _start_chromium(metrics)
    elif engine == "webkit":
        require("webkit", WEBKITDRIVER, MINIBROWSER)
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.add_argument("--full-screen")
        service = WebKitService(executable_path=WEBKITDRIVER, env={**os.environ, "DISPLAY": xvfb().display})
        driver = webdriver.WebKitGTK(options=options, service=service)
    else:
        require("firefox", FIREFOX)
        driver = FirefoxDriver(metrics)
    driver.engine = engine
    fresh(driver, metrics)
    return driver


# The suite's Chromium: headless as the benchmark's, always without the sandbox, and with no GPU,
# no /dev/shm and no scrollbars; the window's size and scale follow the viewport.
CHROMIUM_FLAGS = (chromium.HEADLESS, "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--hide-scrollbars")


def _start_chromium(metrics):
    require("chromium", CHROMIUM, CHROMEDRIVER)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in CHROMIUM_FLAGS:
        options.add_argument(arg)
    options.add_argument("--window-size=%d,%d" % (metrics["width"], metrics["height"]))
    options.add_argument("--force-device-scale-factor=1")
    return webdriver.Chrome(options=options, service=ChromeService(CHROMEDRIVER))


def fresh(driver, metrics):
    """Reset per-test state: no emulated media, the exact viewport, a blank page."""
    if driver.engine == "chromium":
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", dict(metrics))
    else:
        if driver.engine == "firefox":
            driver.clear_prefs()
        set_viewport(driver, metrics["width"], metrics["height"])
    driver.get("about:blank")
    return driver


def _settled(driver, script, timeout=1.0):
    """What `script` returns once two reads 50 ms apart agree (a window resize lands late)."""
    last, deadline = driver.execute_script(script), time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = driver.execute_script(script)
        if now == last:
            return now
        last = now
    return last


def set_viewport(driver, width, height, mobile=None):
    """Make the viewport (innerWidth x innerHeight) exactly width x height CSS px."""
    if driver.engine == "chromium":
        if mobile is None:
            mobile = width < 700
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        return
    size = "return [innerWidth, innerHeight]"
    if driver.execute_script(size) == [width, height]:
        return
    w, h = width, height
    for _ in range(3):  # then make up for any window chrome
        driver.set_window_rect((SCREEN[0] - w) // 2, (SCREEN[1] - h) // 2, w, h)
        inner = _settled(driver, size)
        if inner == [width, height]:
            return
        # The window is never smaller than its viewport: a size read mid-resize must not make
        # it so (WebKitWebDriver refuses such a rect with "Invalid width value").
        w, h = max(width, w + width - inner[0]), max(height, h + height - inner[1])
    assert driver.execute_script(size) == [width, height], f"{driver.engine}: viewport not {width}x{height}"


# ---------------------------------------------------------------- what differs per engine


def emulate_media(driver, scheme=None, reduced_motion=False, media=None):
    """Emulate prefers-color-scheme, prefers-reduced-motion or a media type. Chromium does it all
    through CDP and Firefox the media features through its preferences; WebKitWebDriver has no
    way to emulate media, and Firefox none for a media type: unless the browser is that way
    already (WebKitGTK here: light, motion allowed), such a test is skipped, saying so."""
    if driver.engine == "chromium":
        features = []
        if scheme:
            features.append({"name": "prefers-color-scheme", "value": scheme})
        if reduced_motion:
            features.append({"name": "prefers-reduced-motion", "value": "reduce"})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media or "", "features": features})
    elif driver.engine == "firefox" and not media:
        if scheme:
            driver.set_pref("layout.css.prefers-color-scheme.content-override", 0 if scheme == "dark" else 1)
        if reduced_motion:
            driver.set_pref("ui.prefersReducedMotion", 1)
        queries = ([f"(prefers-color-scheme: {scheme})"] if scheme else []) + (
            ["(prefers-reduced-motion: reduce)"] if reduced_motion else [])
        deadline = time.monotonic() + 2  # the page hears of a changed preference a moment later
        while not driver.execute_script("return arguments[0].every(q => matchMedia(q).matches)", queries):
            assert time.monotonic() < deadline, f"firefox: {queries} do not match after setting the preferences"
            time.sleep(0.05)
    else:
        queries = [f"prefers-color-scheme: {scheme}"] if scheme else []
        queries += ["prefers-reduced-motion: reduce"] if reduced_motion else []
        wanted = [q for q in queries if not driver.execute_script(f"return matchMedia('({q})').matches")]
        if media or wanted:
            pytest.skip(f"{driver.engine}: its WebDriver cannot emulate {media or ', '.join(wanted)} "
                        "(WebKitGTK takes colour scheme and motion from GTK when it starts)")


def supports(driver, prop, value):
    return driver.execute_script("return CSS.supports(arguments[0], arguments[1])", prop, value)


def click_at(driver, x, y):
    """A real click (pointer actions) at viewport coordinates, whatever is there."""
    actions = ActionBuilder(driver, duration=0)  # the pointer jumps there (no 250 ms glide)
    actions.pointer_action.move_to_location(int(round(x)), int(round(y))).click()
    actions.perform()


# ---------------------------------------------------------------- Firefox over Marionette

USER_JS = """\
user_pref("marionette.port", 0);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.startup.page", 0);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.disabledForTesting", true);
user_pref("widget.gtk.overlay-scrollbars.enabled", true);
user_pref("ui.useOverlayScrollbars", 1);
user_pref("toolkit.legacyUserProfileCustomizations.stylesheets", true);
"""
# The browser window's own minimum width (its toolbars') would keep it wider than 390 px.
USER_CHROME_CSS = ":root, #main-window, #browser, #navigator-toolbox, #nav-bar, #TabsToolbar { min-width: 0 !important; }\n"


class FirefoxDriver:
    """Firefox ESR over Marionette, with the Selenium calls the tests make: get, back,
    execute_script, find_element(s), window rects and W3C actions (so ActionChains and
    ActionBuilder work). Elements are marionette-driver's: click, text, send_keys,
    get_attribute and find_element behave as Selenium's."""

    def __init__(self, metrics):
        try:  # only this engine needs it
            from marionette_driver.marionette import Marionette
        except ImportError:
            pytest.exit(f"marionette-driver missing for the firefox engine: {INSTALL['firefox']} "
                        "(Scripts/install-deps.sh --test), or leave it out with CASEFILE_ENGINES",
                        returncode=2)

        self.profile = Path(tempfile.mkdtemp(prefix="casefile-firefox-"))
        (self.profile / "user.js").write_text(USER_JS)
        (self.profile / "chrome").mkdir()
        (self.profile / "chrome" / "userChrome.css").write_text(USER_CHROME_CSS)
        env = {**os.environ, "MOZ_HEADLESS_WIDTH": str(metrics["width"]),
               "MOZ_HEADLESS_HEIGHT": str(metrics["height"])}
        # System access lets tests set preferences (media emulation, a feature turned off).
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--kiosk", "--marionette", "-remote-allow-system-access",
             "--no-remote", "-profile", str(self.profile)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
        )
        port_file = self.profile / "MarionetteActivePort"
        deadline = time.monotonic() + 60
        while not (port_file.is_file() and port_file.read_text().strip()):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.quit()
                pytest.exit("firefox-esr did not start Marionette within 60 s", returncode=2)
            time.sleep(0.1)
        self.marionette = Marionette(host="127.0.0.1", port=int(port_file.read_text()))
        self.marionette.start_session()
        self.prefs = set()

    def get(self, url):
        self.marionette.navigate(url)

    def back(self):
        self.marionette.go_back()

    @property
    def current_url(self):
        return self.marionette.get_url()

    def execute_script(self, script, *args):
        # In the page's own scope, as WebDriver runs scripts (no sandbox).
        return self.marionette.execute_script(script, script_args=args, new_sandbox=False, sandbox=None)

    def find_element(self, by, value):
        return self.marionette.find_element(by, value)

    def find_elements(self, by, value):
        return self.marionette.find_elements(by, value)

    def get_window_rect(self):
        return self.marionette.window_rect

    def get_screenshot_as_png(self):
        """The viewport, as WebDriver's Take Screenshot gives it."""
        return self.marionette.screenshot(format="binary", full=False)

    def set_window_rect(self, x=0, y=0, width=None, height=None):
        return self.marionette.set_window_rect(x=x, y=y, width=width, height=height)

    def execute(self, command, params=None):
        """What Selenium's ActionBuilder sends."""
        if command == Command.W3C_ACTIONS:
            return self.marionette._send_message("WebDriver:PerformActions", params)
        if command == Command.W3C_CLEAR_ACTIONS:
            return self.marionette._send_message("WebDriver:ReleaseActions")
        raise NotImplementedError(f"FirefoxDriver does not send {command}")

    def set_pref(self, name, value):
        self.prefs.add(name)
        self.marionette.set_pref(name, value)

    def clear_prefs(self):
        for name in self.prefs:
            self.marionette.clear_pref(name)
        self.prefs.clear()

    def quit(self):
        try:
            if getattr(self, "marionette", None):
                self.marionette.delete_session()
        finally:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
            shutil.rmtree(self.profile, ignore_errors=True)
