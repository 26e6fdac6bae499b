"""Studying the search rather than running it: state-space statistics and Monte Carlo estimates.

:mod:`nqueens.analysis.stats` counts the pruned state-space tree exactly (compiled kernel);
:mod:`nqueens.analysis.estimate` estimates it with Knuth's random probes. Import the
submodule you need; each imports numba only when a compiled kernel is first called.
"""
