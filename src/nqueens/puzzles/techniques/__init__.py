"""The explainer's techniques, one module each: its record (name, grade, words key), its
finder on the bit-mask `MarkBoard` and its rungs;
`nqueens.puzzles.ladder` orders them. This package module imports none of them.
"""
