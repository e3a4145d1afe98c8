"""Headless Chromium through Debian's chromium-driver, for the browser checks.

Shared by xss_browser_check.py and bookmark_path_check.py so both start the
browser the same way: no network beyond 127.0.0.1, no sync, no extensions.
"""
import os
import subprocess


class SetupError(Exception):
    """The check could not run (no browser, no selenium, a broken fixture): not a finding."""


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
