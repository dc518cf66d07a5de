"""What Five Sails' text, picture and action labels say about a position (envs/five_sails/
render.py, labels.py), checked against what the position means: a character's stats as the
rules compute them [Passive Abilities; Glossary: Set], and the label of an Equip onto an
opposing character [Attachment Cards: "unless otherwise specified"]."""

import re

import envs
from envs.five_sails import state as S
from envs.five_sails.state import A_CREW, A_HAND, A_TARGET, MAX_CREW, PK_EQUIP

from .helpers import (act, attach, check, deck_with, empty_hand, high_drama, hire, legal, muster,
                      new, stat_of, to_hand)

FORUMS = 2


def _stats_in_text(text, name):
    """The R/C/F/I figures printed on the text line of the character called ``name``."""
    m = re.search(re.escape(name) + r" \[R/C/F/I ([-\d]+)/([-\d]+)/([-\d]+)/([-\d]+)\]", text)
    assert m, f"{name} not in the text"
    return [int(v) if v != "-" else None for v in m.groups()]


def test_text_shows_a_passive_aura_and_a_set_value():
    """Big Harald gives his controller's other characters at his location +1 Combat
    [Passive Abilities]; Leather Jerkin sets Finesse to 1 [Glossary: Set]: Inigo (Combat 2)
    at The Forums with Big Harald reads Combat 3; Rosalia (Finesse 2) at Home with Hook and
    Line (+1) and Leather Jerkin reads Finesse 1 - the stats every seat sees in the text, the
    same as the kernels' (read from the observation)."""
    st = new(2)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    hire(st, 0, "Big Harald", FORUMS)
    r = muster(st, 0, "Rosalia Quemada", S.HOME)
    attach(st, 0, r, "Hook and Line", city_card=True)
    attach(st, 0, r, "Leather Jerkin", city_card=True)
    check(st)
    assert stat_of(st, 0, a, S.S_COM) == 3 and stat_of(st, 0, r, S.S_FIN) == 1
    spec = envs.spec("five_sails")
    for viewer in (None, 0, 1):
        text = spec.render_ansi(st[0], viewer)
        assert _stats_in_text(text, "Inigo Valdera")[S.S_COM] == 3
        assert _stats_in_text(text, "Rosalia Quemada")[S.S_FIN] == 1


def test_equipping_an_opposing_character_is_labelled_as_an_equip():
    """Marked Debt played by seat 0 may go on the opposing Inigo [Attachment Cards]: the
    action A_TARGET + Inigo's slot equips it there (the decision goes on to paying, Inigo
    carries it), so its label says it attaches to Inigo, not that it challenges him."""
    st = new(2, decks=[deck_with("vodacce"), deck_with("castille")])
    high_drama(st)
    muster(st, 0, "Dario Stiletto", FORUMS)
    i = muster(st, 1, "Inigo Valdera", FORUMS)
    empty_hand(st, 0)
    to_hand(st, 0, "Marked Debt", "Steady Guard")
    act(st, A_HAND + 0)
    assert st[0]["pk"] == PK_EQUIP
    a = A_TARGET + 1 * MAX_CREW + i
    assert a in legal(st)
    label = envs.spec("five_sails").action_label(st[0], a)
    assert "challenge" not in label and "equip" in label
    assert "Inigo Valdera" in label and "player_1" in label
    own = envs.spec("five_sails").action_label(st[0], A_CREW + 0)
    assert "equip" in own
    act(st, a)
    act(st, A_HAND + 0)
    assert st[0]["att"][1][i].tolist().count(0) < S.MAX_ATT     # it went on Inigo
