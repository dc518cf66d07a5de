"""The HTML replay page (training/replay_html.py, `broadside replay GAME.json --html`).

The frame encoding is checked in Python (whole frames plus tile patches rebuild every
rendered picture exactly); the page itself is checked in a real browser: headless Chromium
(Debian `chromium` + `chromium-driver`, installed by .ci/run) driven by Selenium. Without a
browser the browser tests skip, unless BROADSIDE_REQUIRE_BROWSER=1 (set by .ci/run) makes
that a failure.
"""

from __future__ import annotations

import base64
import io

import numpy as np
import pytest

from tests.browser import open_chromium

import agents
import envs
from training.cli import main
from training.records import GameRecord, new_game, play_record, replay
from training.replay_html import TILE, FrameEncoder, build_frames, scaled, write_html

MOVES = 40
SCALE = 0.5


def short_record(game: str, seed: int = 3) -> GameRecord:
    _, state = new_game(game, seed)
    n = int(state["num_players"][0])
    bots = [agents.make("random", game, seed=seed + p) for p in range(n)]
    return play_record(game, bots, seed=seed, max_steps=MOVES)


def decode(uri: str) -> np.ndarray:
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1])))
                      .convert("RGB"))


def rebuild(enc: FrameEncoder) -> list[np.ndarray]:
    """What the page's paint() draws, frame by frame, done in numpy."""
    out, cur = [], None
    for f in enc.frames:
        if f["img"] >= 0:
            im = decode(enc.images[f["img"]])
            if f["key"]:
                cur = im.copy()
            else:
                cur = cur.copy()
                h, w = cur.shape[:2]
                for i in range(len(f["tiles"]) // 2):
                    x, y = f["tiles"][2 * i], f["tiles"][2 * i + 1]
                    sx, sy = (i % f["cols"]) * TILE, (i // f["cols"]) * TILE
                    th, tw = min(TILE, h - y), min(TILE, w - x)
                    cur[y:y + th, x:x + tw] = im[sy:sy + th, sx:sx + tw]
        out.append(cur)
    return out


@pytest.mark.parametrize("fmt", ["webp", "png"])
def test_patches_rebuild_every_frame_exactly(fmt):
    rec = short_record("havoc")
    enc, final = build_frames(rec, viewer=0, scale=SCALE, fmt=fmt)
    assert len(enc.frames) == len(rec.actions) + 1
    spec, state = new_game(rec.game, rec.seed, rec.config)
    expected = [scaled(spec.render_rgb(state[0], 0), SCALE)]
    expected += [scaled(spec.render_rgb(st[0], 0), SCALE) for *_, st in replay(rec)]
    got = rebuild(enc)
    for k, (a, b) in enumerate(zip(got, expected)):
        assert np.array_equal(a, b), f"frame {k} differs"
    assert sum(f["key"] for f in enc.frames) < len(enc.frames) // 4, "patches are not used"
    assert enc.frames[1]["label"].startswith("1. player_")
    assert any("the record ends before the game does" in line for line in final)


def test_viewer_seat_changes_what_is_drawn():
    """Seat 0's page shows seat 0's hidden cards; a spectator's shows none of them."""
    rec = short_record("havoc")
    spec, state = new_game(rec.game, rec.seed, rec.config)
    assert not np.array_equal(spec.render_rgb(state[0], 0), spec.render_rgb(state[0], None))


def test_cli_writes_page_and_rejects_bad_viewer(tmp_path, capsys):
    path = short_record("havoc").save(tmp_path / "g.json")
    out = tmp_path / "g.html"
    assert main(["replay", str(path), "--html", str(out), "--scale", "0.4"]) == 0
    text = out.read_text()
    assert "http://" not in text.replace("http://www.w3.org", "") and "https://" not in text
    assert "<canvas" in text and "const FRAMES" in text
    assert main(["replay", str(path), "--html", str(out), "--viewer", "7"]) == 2
    assert "--viewer 7" in capsys.readouterr().err


# -- in a real browser ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser():
    drv = open_chromium("1400,1100")
    yield drv
    drv.quit()


@pytest.mark.parametrize("game", envs.names())
def test_page_in_chromium(browser, game, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    rec = short_record(game)
    page = write_html(rec, tmp_path / "r.html", viewer=0, scale=SCALE)
    browser.get(page.resolve().as_uri())
    WebDriverWait(browser, 30).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    step = browser.find_element(By.ID, "step")
    label = browser.find_element(By.ID, "label")
    score = browser.find_element(By.ID, "score")
    n = len(rec.actions)
    assert step.text == f"0 / {n}" and label.text == "start of the game"
    assert not score.is_displayed()

    browser.find_element(By.ID, "next").click()
    browser.find_element(By.ID, "next").click()
    assert step.text == f"2 / {n}" and label.text.startswith("2. player_")
    browser.find_element(By.ID, "prev").click()
    assert step.text == f"1 / {n}" and label.text.startswith("1. player_")

    browser.find_element(By.ID, "last").click()
    assert step.text == f"{n} / {n}" and score.is_displayed()
    assert "Final result" in score.text and "player_0" in score.text and "return" in score.text

    # the canvas holds exactly the last state's picture (keyframe + patches drawn in JS)
    uri = browser.execute_script("return document.getElementById('frame').toDataURL()")
    spec = envs.spec(game)
    from training.records import final_state

    want = scaled(spec.render_rgb(final_state(rec)[0], 0), SCALE)
    assert np.array_equal(decode(uri), want)
    # and after stepping back from the end, the picture of the state before it
    browser.find_element(By.ID, "prev").click()
    *_, before = list(replay(rec))[-2]
    uri = browser.execute_script("return document.getElementById('frame').toDataURL()")
    assert np.array_equal(decode(uri), scaled(spec.render_rgb(before[0], 0), SCALE))

    from PIL import Image

    page_shot = np.asarray(Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("L"))
    assert len(np.unique(page_shot)) > 30, "screenshot of the page is blank"
    canvas = browser.find_element(By.ID, "frame")
    shot = np.asarray(Image.open(io.BytesIO(canvas.screenshot_as_png)).convert("RGB"))
    assert shot.shape[0] > 4 and shot.shape[1] > 4
    colours = np.unique(shot.reshape(-1, 3), axis=0)
    assert len(colours) > 2 and shot.std() > 10, "the game picture on screen is blank"
