"""The shared picture language (envs/core/draw.py) that every game's render_rgb uses."""

import numpy as np
import pytest

from envs.core import draw

ICONS = ("sail", "cannon", "coin", "any", "star", "skull", "deck", "discard", "hand", "chest",
         "skiff", "flag", "damage")


def _box(cv, box):
    x0, y0, x1, y1 = box
    return cv.array()[y0:y1, x0:x1]


@pytest.mark.parametrize("kind", ICONS)
def test_every_icon_draws_inside_its_square(kind):
    cv = draw.Canvas(60, 60)
    blank = cv.array()
    cv.icon(kind, 20, 20, 20)
    img = cv.array()
    changed = np.argwhere(np.any(img != blank, axis=2))
    assert len(changed) > 20
    assert changed.min() >= 18 and changed.max() <= 42      # 1-pixel outline slack


def test_unknown_icon_is_an_error():
    with pytest.raises(ValueError, match="unknown icon"):
        draw.Canvas(10, 10).icon("kraken", 0, 0)


def test_bar_fills_in_proportion():
    cv = draw.Canvas(120, 20)
    cv.bar((10, 5, 110, 15), 25, 100, (255, 0, 0))
    red = np.all(cv.array()[10] == (255, 0, 0), axis=1)
    assert 23 <= red.sum() <= 27
    cv.bar((10, 5, 110, 15), 500, 100, (0, 0, 255))           # clipped at the maximum
    assert np.all(cv.array()[10, 12:108] == (0, 0, 255))


def test_face_down_card_hides_its_name():
    """A hidden card draws the same back whatever card it is."""
    a, b = draw.Canvas(100, 140), draw.Canvas(100, 140)
    a.card((5, 5, 95, 135), "Grapeshot", (200, 80, 80), face_down=True)
    b.card((5, 5, 95, 135), "Make Way", (80, 80, 200), face_down=True)
    assert np.array_equal(a.array(), b.array())
    c = draw.Canvas(100, 140)
    c.card((5, 5, 95, 135), "Grapeshot", (200, 80, 80))
    assert not np.array_equal(a.array(), c.array())


def test_seat_colours_are_distinct_and_neutral_for_none():
    colours = {draw.seat_colour(s) for s in range(6)}
    assert len(colours) == 6 and draw.seat_colour(-1) not in colours


def test_long_text_is_cut_to_width():
    cv = draw.Canvas(300, 30)
    w = cv.text(0, 0, "a very long card name that does not fit", 13, max_w=80)
    assert w <= 80


def test_every_character_of_the_card_data_has_a_glyph():
    """Card and piece text is drawn in Pillow's bundled font: a character it lacks would be
    drawn as an empty box, so each is either in the font or mapped by draw._NO_GLYPH."""
    from pathlib import Path

    f = draw.font(12)
    missing_box = f.getmask("\uffff").getbbox()
    root = Path(draw.__file__).resolve().parents[1]
    chars = set()
    for data in list(root.glob("*/cards.toml")) + list(root.glob("*/pieces.toml")):
        chars |= set(data.read_text(encoding="utf-8"))
    bad = sorted(ch for ch in chars if ord(ch) > 126
                 for shown in [ch.translate(draw._NO_GLYPH)]
                 if any(f.getmask(c).getbbox() == missing_box for c in shown))
    assert not bad, f"characters without a glyph: {bad}"
    assert "\u2022".translate(draw._NO_GLYPH) != "\u2022"


def test_tags_draw_only_the_shown_pills_left_to_right():
    cv = draw.Canvas(200, 30)
    blank = cv.array()
    assert cv.tags(10, 5, (("hidden", False),)) == 10
    assert np.array_equal(cv.array(), blank)
    end = cv.tags(10, 5, (("to act", True), ("won", False), ("first", True)))
    drawn = np.argwhere(np.any(cv.array() != blank, axis=2))
    assert drawn[:, 1].min() == 10 and drawn[:, 1].max() < end
