"""The lever benchmark (benchmarks/training.py): a run writes lever.json with the final
seat-rotated evaluation, and the report draws every run's curve and keeps the findings."""

import json

from PIL import Image

from benchmarks.training import NOTES, report, run_lever

TINY = dict(num_envs=4, n_steps=32, batch_size=64, n_epochs=1, net_arch=(16,), eval_envs=8)


def test_lever_runs_and_report_write_table_curves_and_keep_findings(tmp_path):
    root = tmp_path / "levers"
    a = run_lever("ppo", game="toy", steps=256, final_games=12, out_root=str(root), **TINY)
    b = run_lever("bc", game="toy", steps=256, final_games=12, out_root=str(root),
                  imitate=8, **TINY)
    assert a["learner_steps"] == b["learner_steps"] == 256
    assert a["final_vs_heuristic"]["games"] == 12 and a["imitation"] is None
    assert b["imitation"]["episodes"] == 8 and b["train_cpu_seconds"] > 0
    saved = json.loads((root / "bc" / "lever.json").read_text())
    assert saved["config"]["imitate"] == 8
    out = tmp_path / "TRAINING.md"
    out.write_text("old table\n\n" + NOTES + "\nour findings\n")
    report(str(root), str(out))
    text = out.read_text()
    assert "| ppo |" in text and "| bc |" in text and "old table" not in text
    assert text.rstrip().endswith("our findings")
    assert "training_curves.png" in text
    assert Image.open(tmp_path / "training_curves.png").size[0] > 100
