"""The page in headless Chromium (issue 34): a complete small game of every registered game
played by clicking legal buttons, against the heuristic; the result shown is the saved
record's. A second browser tab at the same table, as the other seat, sees none of the
first seat's secret choices. Skipped without a browser, as tests/training/test_replay_html.py
(unless BROADSIDE_REQUIRE_BROWSER=1).

``BROADSIDE_SERVE_SCREENSHOTS=docs/_static`` also saves each game's page there (the
screenshots in docs/guides/serve.md)."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from pathlib import Path

import pytest

from tests.browser import open_chromium

import envs
from training.records import GameRecord

from tests.serve.helpers import opponent

@pytest.fixture(scope="module")
def browser():
    drv = open_chromium("1400,1000")
    yield drv
    drv.quit()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    import uvicorn

    from training.serve.app import create_app
    from tests.serve.test_load import free_port

    app = create_app(games_dir=tmp_path_factory.mktemp("games"), replays_in_background=False)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    while not srv.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app
    srv.should_exit = True
    th.join(timeout=10)


def start_table(drv, base, game, players=2, opponents=None, options="max_steps=30"):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    drv.get(base + "/")
    WebDriverWait(drv, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#game option"))
    Select(drv.find_element(By.ID, "game")).select_by_value(game)
    Select(drv.find_element(By.ID, "players")).select_by_value(str(players))
    Select(drv.find_element(By.ID, "seat")).select_by_value("0")
    for k, spec in (opponents or {}).items():
        box = drv.find_element(By.ID, f"opp-{k}")
        box.clear()
        box.send_keys(spec)
    drv.find_element(By.ID, "options").send_keys(options)
    drv.find_element(By.ID, "seed").send_keys("4")
    drv.find_element(By.ID, "create").click()
    WebDriverWait(drv, 20).until(lambda d: "table=" in d.current_url)


def click_one(drv, rng) -> bool:
    """Click a random legal button or clickable part of the picture, if any; False when there
    is none (or the page redrew under the click: look again)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    buttons = drv.find_elements(By.CSS_SELECTOR, "button.act, #regions .region")
    try:
        if buttons:
            rng.choice(buttons).click()
            return True
    except StaleElementReferenceException:
        pass
    return False


def texts(drv, css: str) -> list[str]:
    return drv.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent)", css)


def click_to_end(drv, rng, max_clicks=400, after_8=None) -> str:
    """Click random legal buttons until the result shows; the result text. ``after_8()``
    runs once after the eighth click (the screenshot of a game under way)."""
    from selenium.webdriver.common.by import By

    clicks = 0
    for _ in range(max_clicks * 20):
        result = drv.find_element(By.ID, "result").text
        if result:
            return result
        clicks += click_one(drv, rng)
        time.sleep(0.03)
        if clicks == 8 and after_8 is not None:
            time.sleep(0.5)           # the picture of that move has loaded
            after_8()
            after_8 = None
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", envs.names())
def test_a_complete_game_by_clicking(browser, server, game):
    from selenium.webdriver.common.by import By

    base, app = server
    start_table(browser, base, game, opponents={1: opponent(game)})
    result = click_to_end(browser, random.Random(0), after_8=lambda: screenshot(browser, game))
    table_id = browser.current_url.split("table=")[1].split("&")[0]
    table = app.state.store.tables[table_id]
    rec = GameRecord.load(table.record_path())
    shown = json.loads(browser.find_element(By.ID, "result").get_attribute("data-returns"))
    assert shown == rec.returns
    you = browser.find_element(By.ID, "result").get_attribute("data-you")
    wm = int(table.state["winner_mask"][0])
    assert you == ("won" if wm & 1 else ("drew" if wm == 0 else "lost")), result
    moves = browser.find_elements(By.CSS_SELECTOR, "#log li")
    assert len(moves) == len(rec.actions)
    link = browser.find_element(By.ID, "replay").get_attribute("href")
    assert link.endswith("/replay.html")


def screenshot(drv, game: str) -> None:
    """Save the page, half size, as <BROADSIDE_SERVE_SCREENSHOTS>/serve-<game>.png (the
    suite's own games only)."""
    shots = os.environ.get("BROADSIDE_SERVE_SCREENSHOTS")
    if not shots or not envs.REGISTRY[game].startswith("envs."):
        return
    from PIL import Image

    path = Path(shots) / f"serve-{game}.png"
    drv.save_screenshot(str(path))
    img = Image.open(path).convert("RGB")
    img.resize((img.width // 2, img.height // 2), Image.LANCZOS).save(path, optimize=True)


def test_a_second_seat_sees_no_secret_of_the_first(browser, server):
    """Two people at one 7th Sea CCG table, each in their own tab: seat 1's page never shows
    seat 0's secret starting crew picks, and the seat link opens seat 1's view."""
    from selenium.webdriver.common.by import By

    base, app = server
    start_table(browser, base, "seventh_sea", opponents={1: "human"}, options="max_steps=30")
    first = browser.current_window_handle
    link = browser.find_element(By.CSS_SELECTOR, "#links a.seat-link").get_attribute("href")
    browser.switch_to.new_window("tab")
    browser.get(link)
    second = browser.current_window_handle
    rng = random.Random(2)
    secrets_of_0 = set()
    rounds_after = 0
    for _ in range(400):
        browser.switch_to.window(first)
        secrets_of_0 |= {t.split(": ", 1)[1] for t in texts(browser, "#log li")
                         if "(you): starting crew:" in t}
        done = bool(browser.find_element(By.ID, "result").text)
        for handle in (first, second):
            browser.switch_to.window(handle)
            if click_one(browser, rng):
                time.sleep(0.1)
        browser.switch_to.window(second)
        page = browser.execute_script("return document.body.innerText")
        assert "you are player_1" in page
        assert not any(s in page for s in secrets_of_0), secrets_of_0
        rounds_after = rounds_after + 1 if secrets_of_0 else 0
        if done or rounds_after > 6:       # seat 0's picks are in, and some play after them
            break
    assert secrets_of_0, "seat 0 picked no starting crew"
    browser.close()
    browser.switch_to.window(first)


def test_a_click_on_a_part_of_the_picture_plays_what_it_stands_for(browser, server):
    """Seas of Havoc's island slots are parts of the picture: clicking one whose only legal
    action is placing a Skiff there places it, and the move log names that action."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    base, _ = server
    start_table(browser, base, "havoc", opponents={1: "heuristic"}, options="max_steps=60")
    rng = random.Random(1)
    label = None
    for _ in range(200):
        # each part with its title in one script: the page redraws its parts on every update,
        # so two WebDriver calls could read one part and click another (or a removed one)
        single = browser.execute_script(
            "return [...document.querySelectorAll('#regions .region')]"
            ".filter((r) => !(r.dataset.actions || ',').includes(','))"
            ".map((r) => [r, r.title])")
        if single:
            before = len(texts(browser, "#log li"))
            try:
                single[0][0].click()
            except StaleElementReferenceException:
                continue        # redrawn between the look and the click: look again
            label = single[0][1]
            break
        click_one(browser, rng)
        time.sleep(0.05)
    assert label is not None, "no part of the picture stood for one legal action"
    WebDriverWait(browser, 20).until(lambda d: len(texts(d, "#log li")) > before)
    assert texts(browser, "#log li")[before].endswith("(you): " + label)
