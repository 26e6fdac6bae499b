"""SVG to PNG through the optional `cairosvg` package (the `png` extra).

`svg_to_png` converts a picture made by the other renderers. cairosvg (and the cairo
C library it loads) is imported only here, at the first call; when either is missing the
call raises `MissingDependencyError` with one line saying what to install. Drawing
is left to `nqueens.render.svg` and `nqueens.render.tree`.

cairosvg draws text in the first family of a `font-family` list only (no fallback per
glyph, as a browser does), so a Japanese or Korean picture whose list starts with a Latin
font would come out as boxes. Before converting, each list is cut down to its first family
that fontconfig has installed (asked once, with `fc-list`); a list with none, or a
machine without `fc-list`, is left as written. Where fontconfig says no installed font
covers the language at all, `svg_to_png` warns in one line with the package to
install (`FONT_PACKAGE`) instead of drawing boxes in silence.
"""

from __future__ import annotations

import functools

from nqueens.errors import (
    ImageTooLargeError,
    MissingDependencyError,
    MissingFontWarning,
    install_line,
)
from nqueens.words import LANGUAGES, words

__all__ = ["FONT_PACKAGE", "MAX_PNG_SIDE", "ImageTooLargeError", "MissingDependencyError",
           "MissingFontWarning", "fonts_for", "svg_to_png"]

INSTALL_HINT = (
    f"PNG output needs cairosvg and the cairo library: {install_line('png')} "
    "(on Debian/Ubuntu also apt install libcairo2), or use SVG"
)


MAX_PNG_SIDE = 32767
"""cairo's largest image side in pixels."""


def svg_to_png(svg: str, *, scale: float = 1.0) -> bytes:
    """The PNG bytes of an SVG document string, `scale` times its pixel size.

    Cost: O(pixels) to rasterise, plus cairosvg's import (once).

    With the `png` extra the result is a PNG; without it the call says, in one line,
    what to install (the example holds either way):

    >>> try:
    ...     png = svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>')
    ...     made = png.startswith(b"\\x89PNG\\r\\n\\x1a\\n")
    ... except MissingDependencyError as err:  # no cairosvg, or no libcairo
    ...     made = str(err).startswith(INSTALL_HINT)
    >>> made
    True
    """
    try:
        import cairosvg  # type: ignore[import-untyped]
    except (ImportError, OSError) as err:
        # ImportError: the package is absent. OSError: cairocffi found no libcairo.
        raise MissingDependencyError(f"{INSTALL_HINT} ({_first_line(err)})") from None
    width, height = _pixel_size(svg, scale)
    if max(width, height) > MAX_PNG_SIDE:
        raise ImageTooLargeError(
            f"the picture would be {width:,} x {height:,} pixels, more than PNG output "
            f"allows ({MAX_PNG_SIDE:,} a side); draw less of it, or write SVG"
        )
    _warn_if_no_glyphs(svg)
    svg = _installed_fonts_first(svg)
    try:
        png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    except MemoryError:
        raise ImageTooLargeError("the picture is too large to rasterise in memory; "
                                 "draw less of it, or write SVG") from None
    except Exception as err:  # cairocffi.CairoError and friends: one line, not a traceback
        if type(err).__name__ != "CairoError":
            raise
        raise ImageTooLargeError(f"cairo cannot draw this picture as PNG ({_first_line(err)}); "
                                 "write SVG instead") from None
    return png


def _pixel_size(svg: str, scale: float) -> tuple[int, int]:
    """The root element's width and height in pixels, times `scale` (0 when absent)."""
    import re

    root = re.search(r"<svg\b[^>]*>", svg)
    sizes = []
    for attr in ("width", "height"):
        m = re.search(rf'\b{attr}="([0-9.]+)', root.group(0)) if root else None
        sizes.append(int(float(m.group(1)) * scale) if m else 0)
    return sizes[0], sizes[1]


def _installed_fonts_first(svg: str) -> str:
    """`svg` with each `font-family` list led by its first installed family."""
    import re

    installed = _installed_families()
    if not installed:
        return svg

    def first_installed(m: re.Match[str]) -> str:
        families = [f.strip().strip("'\"") for f in m.group(1).split(",")]
        found = next((f for f in families if f.lower() in installed), None)
        return m.group(0) if found is None else f'font-family="{found}"'

    return re.sub(r'font-family="([^"]*,[^"]*)"', first_installed, svg)


@functools.cache
def _installed_families() -> frozenset[str]:
    """The font families fontconfig knows (lower case), or none without `fc-list`."""
    import subprocess

    try:
        out = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True,
                             timeout=10, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    return frozenset(name.strip().lower() for line in out.splitlines()
                     for name in line.split(",") if name.strip())


FONT_PACKAGE = "fonts-noto-cjk"
"""The Debian/Ubuntu package with Japanese and Korean glyphs (Noto Sans CJK)."""

_LANGUAGES = tuple((lang, words(lang).ENGLISH_NAME, words(lang).GLYPHS)
                   for lang in LANGUAGES if words(lang).GLYPHS)
"""fontconfig's language tag, its name, and the characters that need its glyphs (from each
language's words module)."""


def _warn_if_no_glyphs(svg: str) -> None:
    """Warn (one line, `MissingFontWarning`) when `svg` has Japanese or Korean text
    and fontconfig says no installed font covers that language: cairo would draw boxes."""
    import re
    import warnings

    for tag, language, letters in _LANGUAGES:
        if re.search(letters, svg) and fonts_for(tag) == frozenset():
            warnings.warn(f"no installed font has {language} glyphs, so the PNG's {language} "
                          f"text comes out as boxes; install one (Debian/Ubuntu: apt install "
                          f"{FONT_PACKAGE}) or write SVG, which the browser draws",
                          MissingFontWarning, stacklevel=3)


@functools.cache
def fonts_for(tag: str) -> frozenset[str] | None:
    """The installed families fontconfig says cover language `tag` (`ja`, `ko`).

    None when it cannot be asked (no `fc-list`). Cost: O(fonts installed), one `fc-list`
    run, then cached.

    >>> fonts = fonts_for("en")
    >>> fonts is None or isinstance(fonts, frozenset)
    True
    """
    import subprocess

    try:
        out = subprocess.run(["fc-list", f":lang={tag}", "family"], capture_output=True,
                             text=True, timeout=10, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return frozenset(line.strip() for line in out.splitlines() if line.strip())


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__
