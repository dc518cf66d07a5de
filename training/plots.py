"""Figures: learning curves (win rate with Wilson bands) and the heatmap of a tournament.

matplotlib runs headless (Agg); every function that draws writes a PNG and returns its path.
The win-rate helpers (``band``, ``finish``, ``win_rate_curves``) are shared with the
benchmarks (benchmarks/strength.py, benchmarks/training.py).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def win_rate_axes(figsize=(7, 4)):
    """A fresh (figure, axes) for win-rate curves."""
    plt = _plt()
    return plt.subplots(figsize=figsize, dpi=110)


def band(ax, x, y, lo, hi, label: str):
    """One win-rate line with its 95% Wilson band; returns the line."""
    line, = ax.plot(x, y, marker="o", label=label)
    ax.fill_between(x, lo, hi, color=line.get_color(), alpha=0.2)
    return line


def finish(fig, ax, path, xlabel: str, title: str, ylabel: str = "win rate") -> Path:
    """Label a win-rate figure (y from 0 to 1, grid, legend), save it as PNG and close it."""
    path = Path(path)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    _plt().close(fig)
    return path


def win_rate_curves(series, path, xlabel: str, title: str) -> Path:
    """Several win-rate curves on one figure: ``series`` = [(label, x, y, lo, hi), ...]."""
    fig, ax = win_rate_axes()
    for label, x, y, lo, hi in series:
        band(ax, x, y, lo, hi, label)
    return finish(fig, ax, path, xlabel, title)


def learning_curve(history: list[dict], path, title: str = "self-play learning curve") -> Path:
    """Win rate (with 95% Wilson band) against each evaluation opponent, per timestep."""
    fig, ax = win_rate_axes()
    keys = [k for k in ("vs_random", "vs_heuristic", "vs_snapshot")
            if any(k in h for h in history)]
    for key in keys:
        rows = [h for h in history if key in h]
        band(ax, np.array([h["timesteps"] for h in rows]),
             np.array([h[key]["win_rate"] for h in rows]),
             np.array([h[key]["ci_low"] for h in rows]),
             np.array([h[key]["ci_high"] for h in rows]), key.replace("_", " "))
    promoted = [h["timesteps"] for h in history if h.get("promoted")]
    for i, t in enumerate(promoted):
        ax.axvline(t, color="grey", lw=0.6, ls=":", label="snapshot promoted" if i == 0 else None)
    return finish(fig, ax, path, "learner timesteps", title, "win rate of greedy policy")


def heatmap(pairs, path, title: str = "win rate (row vs column)") -> Path:
    """Row agent's win rate against column agent, annotated with the games played."""
    plt = _plt()
    path = Path(path)
    fig = heatmap_figure(pairs, title)
    fig.savefig(path)
    plt.close(fig)
    return path


def heatmap_figure(pairs, title: str):
    """The heatmap's figure, sized so that long agent labels and the title fit (the title
    wraps to the figure's width; constrained layout keeps every label inside)."""
    import textwrap

    plt = _plt()
    k = len(pairs.names)
    rate = np.full((k, k), np.nan)
    for i in range(k):
        for j in range(k):
            if i != j and pairs.games[i, j]:
                rate[i, j] = pairs.wins[i, j] / pairs.games[i, j]
    label = 0.075 * max((len(n) for n in pairs.names), default=0)   # inches at 8 pt
    size = 1.2 + 0.9 * k
    width, height = size + 1.5 + label, size + 0.7 * label
    fig, ax = plt.subplots(figsize=(width, height), dpi=110, layout="constrained")
    im = ax.imshow(np.ma.masked_invalid(rate), vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(k), pairs.names, rotation=35, ha="right", fontsize=8)
    ax.set_yticks(range(k), pairs.names, fontsize=8)
    for i in range(k):
        for j in range(k):
            if not np.isnan(rate[i, j]):
                ax.text(j, i, f"{rate[i, j]:.0%}\nn={int(pairs.games[i, j])}", ha="center",
                        va="center", fontsize=7)
    fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04)
    # about 15 characters an inch at 9 pt
    fig.suptitle("\n".join(textwrap.wrap(title, max(20, int(width * 15)))), fontsize=9)
    return fig
