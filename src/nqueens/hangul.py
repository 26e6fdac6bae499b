"""Korean particles that depend on the sound before them: 을/를, 이/가, 은/는, 과/와, 으로/로.

The helper the Korean words module (`nqueens.words.ko`) puts its particles with; it lives
beside the words (`nqueens.words._hangul`), and this module keeps its public names.

>>> with_particle("<3,7>", "을/를"), particle("2행", "이/가")
('<3,7>을', '이')
"""

from __future__ import annotations

from nqueens.words._hangul import PARTICLES, particle, with_particle

__all__ = ["PARTICLES", "particle", "with_particle"]
