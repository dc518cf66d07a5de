"""Benchmarks: speed (``python -m benchmarks.speed``) against peer libraries in the same run."""
