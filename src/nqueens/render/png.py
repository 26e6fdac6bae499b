"""SVG to PNG through the optional ``cairosvg`` package (the ``png`` extra).

:func:`svg_to_png` converts a picture made by the other renderers. cairosvg (and the cairo
C library it loads) is imported only here, at the first call; when either is missing the
call raises :class:`MissingDependencyError` with one line saying what to install. Drawing
is left to :mod:`nqueens.render.svg` and :mod:`nqueens.render.tree`.
"""

from __future__ import annotations

from nqueens.errors import NQueensError

__all__ = ["MissingDependencyError", "svg_to_png"]

INSTALL_HINT = (
    "PNG output needs cairosvg and the cairo library: pip install 'nqueens[png]' "
    "(and on Debian/Ubuntu apt install libcairo2), or use SVG"
)


class MissingDependencyError(NQueensError):
    """An optional package (or the C library under it) that a requested output needs."""


def svg_to_png(svg: str, *, scale: float = 1.0) -> bytes:
    """The PNG bytes of an SVG document string, ``scale`` times its pixel size.

    Cost: cairosvg's import (~0.1 s, once) plus rasterising, about linear in the pixels.

    >>> svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>')[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    try:
        import cairosvg  # type: ignore[import-untyped]
    except (ImportError, OSError) as err:
        # ImportError: the package is absent. OSError: cairocffi found no libcairo.
        raise MissingDependencyError(f"{INSTALL_HINT} ({_first_line(err)})") from None
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return png


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__
