"""Headless Chromium for the browser tests (the HTML replay, the `broadside serve` page):
skipped without Chromium, chromedriver or selenium, failed instead when
``BROADSIDE_REQUIRE_BROWSER=1`` (CI installs them, .ci/run)."""

import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def open_chromium(window: str):
    """A headless Chromium WebDriver with a ``window`` ("W,H") size; the caller quits it."""
    missing = []
    try:
        from selenium import webdriver
    except ImportError:
        missing.append("selenium (pip install -e '.[dev]')")
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        missing.append("chromium + chromium-driver (apt-get install chromium chromium-driver)")
    if missing:
        if os.environ.get("BROADSIDE_REQUIRE_BROWSER") == "1":
            pytest.fail("browser test needs " + ", ".join(missing))
        pytest.skip("no browser: " + ", ".join(missing))
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              f"--window-size={window}"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(DRIVER), options=opts)
