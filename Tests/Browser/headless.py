"""Headless Chromium through Debian's chromium-driver, for the browser checks.

Shared by the browser checks and the search benchmark, so all start the browser
the same way (no network beyond 127.0.0.1, no sync, no extensions) and end the
same way (`run_check`: the browser quit, the server stopped, the temporary
folder removed, an exit status).
"""
import argparse
import os
import shutil
import subprocess
import tempfile


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def argument_parser(doc):
    """The options every browser check takes (the newsgen binary, Chromium and its driver), with
    the first paragraph of the check's docstring `doc` as the description; a check adds its own."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "debug", "newsgen"),
                        help="the newsgen binary (default: .build/debug/newsgen)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    return parser


class SetupError(Exception):
    """The check could not run (no browser, no selenium, a broken fixture): not a finding."""


class StepFailed(Exception):
    """A step of a check saw something other than what it expected: a finding."""


class Session:
    """What a check holds while it runs: a temporary folder, and the loopback server and the
    browser once it has started them (`server`, `driver`); `close` ends them all."""

    def __init__(self, prefix):
        self.temp = tempfile.mkdtemp(prefix=prefix)
        self.server = None
        self.driver = None

    def close(self):
        if self.driver is not None:
            self.driver.quit()
        if self.server is not None:
            self.server.shutdown()
        shutil.rmtree(self.temp, ignore_errors=True)


def run_check(name, prefix, body):
    """`body(session)`'s exit status (0 when it returns None), 2 when the browser could not be set up
    ("NAME: cannot run: ..."), 1 when a step failed ("NAME: FAILED at ..."); the session is closed
    whatever happened."""
    session = Session(prefix)
    try:
        status = body(session)
        return 0 if status is None else status
    except SetupError as error:
        print("%s: cannot run: %s" % (name, error))
        return 2
    except StepFailed as error:
        print("%s: FAILED at %s" % (name, error))
        return 1
    finally:
        session.close()


def start_chromium(chromium, chromedriver, profile, window="1024,768"):
    """A selenium WebDriver for a fresh headless Chromium using `profile` as its user data folder."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        raise SetupError("selenium is not installed (pip install selenium)")
    for path in (chromium, chromedriver):
        if not os.path.exists(path):
            raise SetupError("%s not found (apt-get install chromium chromium-driver)" % path)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-breakpad",
        "--mute-audio", "--no-proxy-server", "--window-size=" + window, "--user-data-dir=" + profile,
        # Nothing but the harness's own server may be reached, whatever a page names.
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    ]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.set_capability("unhandledPromptBehavior", "ignore")
    service = Service(executable_path=chromedriver, log_output=subprocess.DEVNULL)
    try:
        driver = webdriver.Chrome(service=service, options=options)
    except Exception as error:  # selenium raises several types here
        raise SetupError("could not start Chromium through chromedriver: %s" % str(error).strip().splitlines()[0])
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(10)
    return driver
