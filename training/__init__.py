"""Self-play training, evaluation, tournaments, ratings, game records and the CLI.

Modules: ``selfplay_env`` (SB3 VecEnv for one learning seat), ``pool`` (opponents),
``trainer`` (MaskablePPO loop, checkpoints), ``evaluate`` (batched matches, Wilson
intervals), ``ratings`` (openskill), ``tournament``, ``records`` (seed + actions),
``play`` (human vs agent, replay), ``plots``, ``demo`` and ``cli``.
"""
