"""Studying the search rather than running it: state-space statistics and Monte Carlo estimates.

`nqueens.analysis.stats` counts the pruned state-space tree exactly (compiled kernel);
`nqueens.analysis.estimate` estimates it with Knuth's random probes;
`nqueens.analysis.treesize` says how large a tree or a trace would be before anything
walks it (and refuses a trace that is too long); `nqueens.analysis.tree` builds the
pruned tree itself, node by node, for pictures. Import the submodule you need; each imports
numba only when a compiled kernel is first called.

Imports point one way: these modules use `nqueens.trace` (the event stream), never
the reverse.
"""
