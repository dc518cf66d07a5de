"""Broadside on Ray RLlib: multi-agent self-play for any registered game (extra ``scale``).

    table.py       N games seen through RLlib's multi-agent protocol (the shared core)
    env.py         ``BroadsideMultiAgentEnv``: one game as an RLlib ``MultiAgentEnv``
    vector_env.py  ``VectorGameMultiAgentEnv`` + ``VectorGameEnvRunner``: a batch of games
                   stepped by ``VectorGame`` behind RLlib's ``MultiAgentEnvRunner``
    module.py      ``MaskedPPOModule``: a torch RLModule that masks illegal logits
    league.py      who plays which seat each episode (main, frozen snapshots, random,
                   heuristic), the policy mapping, promotion of snapshots
    trainer.py     the PPO self-play loop, evaluation and ratings with ``training``'s code,
                   checkpoints
    cli.py         ``broadside train --backend rllib [--num-env-runners N] [--address ...]``

Nothing here is game-specific: every game is reached through its GameSpec. Importing
``training.rllib`` does not import ray; the modules that need it say so with
``MissingExtraError`` (``pip install -e '.[scale]'``).
"""
