"""Headless Chromium for the table pack's tests and benchmark: Debian's ``chromium`` driven by its
``chromium-driver`` through selenium, at a phone's 390 × 844, with the network log kept."""

from __future__ import annotations

import json
import shutil
from typing import Any

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
DRIVER = "chromedriver"
WIDTH, HEIGHT = 390, 844


def missing() -> str:
    """Why no browser can be driven here ('' when one can)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if not any(shutil.which(name) for name in CHROMIUM):
        return "no chromium on PATH (Debian: apt-get install chromium chromium-driver; .ci/run installs them)"
    if not shutil.which(DRIVER):
        return "no chromedriver on PATH (Debian: apt-get install chromium-driver; .ci/run installs it)"
    return ""


def start(dark: bool = False) -> Any:
    """A headless Chromium at 390 × 844 (light, or dark by prefers-color-scheme) logging its network events."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    binary = next(shutil.which(name) for name in CHROMIUM if shutil.which(name))
    options.binary_location = binary
    for argument in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={WIDTH},{HEIGHT}",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--allow-file-access-from-files",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(shutil.which(DRIVER)))
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True},
    )
    if dark:
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
        )
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


def requests(driver: Any) -> list[str]:
    """The URLs the page asked for since the log was last read (its own file:// document included)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] in ("Network.requestWillBeSent", "Network.webSocketCreated"):
            urls.append(message["params"].get("request", {}).get("url") or message["params"].get("url", ""))
    return urls
