"""The lesson studio's own words (program panel, variables, tree, counters, GIF, worksheet).

Small per-language tables, kept apart from the step sentences of `nqueens.narrate`
(which stay as they are) and from the tree picture's words
(`nqueens.render.tree_words`). English follows the Korean/English textbook ("nodes
checked", "promising nodes"), Japanese the lecture slides (`置ける`, `解`), Korean the
Korean textbook (`검사한 노드`, `유망한 노드`, `해답`).

>>> studio_words("ko")["checked"], studio_words("xx")["checked"]
('검사한 노드', 'Nodes checked')
"""

from __future__ import annotations

__all__ = ["STRATEGY_TITLES", "studio_words"]

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "program": "Program", "variables": "Variables", "tree": "Pruned state-space tree",
        "checked": "Nodes checked", "promising": "Promising nodes", "solutions": "Solutions",
        "textbook": "textbook: {k}", "whole": "whole search: {k}",
        "looked": "Squares looked at: {k} this check, {total} in all",
        "fold": "Fold failed subtrees", "unfold": "Unfold all",
        "fold_tip": "fold or unfold this subtree (no solution below)",
        "unused": "not used by this call",
    },
    "ja": {
        "program": "プログラム", "variables": "変数", "tree": "刈り込んだ探索木",
        "checked": "調べた節点", "promising": "置ける節点", "solutions": "解",
        "textbook": "教科書: {k}", "whole": "探索全体: {k}",
        "looked": "見たマス: この判定で{k}, 合計{total}",
        "fold": "失敗した部分木をたたむ", "unfold": "すべて開く",
        "fold_tip": "この部分木をたたむ/開く (下に解なし)",
        "unused": "この呼び出しでは使わない",
    },
    "ko": {
        "program": "프로그램", "variables": "변수", "tree": "가지 친 상태공간트리",
        "checked": "검사한 노드", "promising": "유망한 노드", "solutions": "해답",
        "textbook": "교과서: {k}", "whole": "전체 탐색: {k}",
        "looked": "살펴본 칸: 이번 검사 {k}, 모두 {total}",
        "fold": "실패한 서브트리 접기", "unfold": "모두 펼치기",
        "fold_tip": "이 서브트리 접기/펼치기 (아래에 해답 없음)",
        "unused": "이 호출에서는 쓰지 않음",
    },
}

STRATEGY_TITLES: dict[str, dict[str, str]] = {
    "en": {"promising": "queens(i) / promising(i): the textbook, O(i) a check",
           "arrays": "backtrack(row) with cols, diags1, diags2: O(1) a check",
           "put_queen": "put_queen(a): the blog's first-solution search, O(1) a check"},
    "ja": {"promising": "queens(i) / promising(i): 教科書, 判定 O(i)",
           "arrays": "backtrack(row) と cols, diags1, diags2: 判定 O(1)",
           "put_queen": "put_queen(a): ブログの最初の解を探す版, 判定 O(1)"},
    "ko": {"promising": "queens(i) / promising(i): 교과서, 검사 O(i)",
           "arrays": "backtrack(row)와 cols, diags1, diags2: 검사 O(1)",
           "put_queen": "put_queen(a): 블로그의 첫 해답 탐색, 검사 O(1)"},
}
"""The heading of each program's panel, by language."""


def studio_words(lang: str) -> dict[str, str]:
    """The studio's words in `lang` (English for a language without a table).

    Cost: O(1).

    >>> studio_words("ja")["solutions"]
    '解'
    """
    return _WORDS.get(lang, _WORDS["en"])
