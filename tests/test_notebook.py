"""The notebook faces: the widget's ES module in a real Chromium, a notebook run headless
through nbclient (the player, the widget, the rich reprs, the progress bars as a saved
notebook keeps them), and the CLI's bar written once when a kernel started the command."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from _oeis import OEIS
from nqueens.engine.progress import Progress
from nqueens.engine.run import CountProgress

from conftest import SRC, BrowserPage
from naive import naive_promising_levels

HARNESS = """<!DOCTYPE html>
<html><head><meta charset="utf-8"></head><body data-ready="0">
<div id="out"></div>
<script id="esm" type="application/json">%ESM%</script>
<script id="page" type="application/json">%PAGE%</script>
<script>
  // a model as anywidget hands one to render(): get, set, save_changes, on, off
  const text = id => JSON.parse(document.getElementById(id).textContent);
  const state = { html: text("page"), step: 0, height: 600 };
  const handlers = {};
  window.saved = [];
  window.model = {
    get: k => state[k],
    set: (k, v) => { state[k] = v; (handlers["change:" + k] || []).forEach(f => f()); },
    save_changes: () => { window.saved.push(state.step); },
    on: (e, f) => { (handlers[e] = handlers[e] || []).push(f); },
    off: (e, f) => { handlers[e] = (handlers[e] || []).filter(g => g !== f); },
  };
  const url = URL.createObjectURL(new Blob([text("esm")], { type: "text/javascript" }));
  import(url).then(mod => {
    window.cleanup = mod.default.render({ model: window.model,
                                          el: document.getElementById("out") });
    document.body.dataset.ready = "1";
  });
</script></body></html>"""


@pytest.mark.browser
@pytest.mark.slow
def test_widget_module_loads_and_follows_the_step(browser, tmp_path: Path) -> None:
    from nqueens.notebook import Trace
    from nqueens.render.widget import ESM

    trace = Trace(4, strategies=("promising", "arrays"))
    page = trace.html()
    def data(text: str) -> str:
        return json.dumps(text).replace("<", "\\u003c")

    harness = HARNESS.replace("%ESM%", data(ESM)).replace("%PAGE%", data(page))
    path = tmp_path / "widget.html"
    path.write_text(harness, encoding="utf-8")
    p = BrowserPage(browser, path)
    p.page.wait_for_selector('#out[data-ready="1"]', timeout=5000)
    frame = p.page.frame_locator("iframe.nqueens-player")
    assert frame.locator("#board").get_attribute("data-step") == "0"
    # the model moves the player ...
    p.page.evaluate("() => window.model.set('step', 7)")
    assert frame.locator("#board").get_attribute("data-step") == "7"
    assert frame.locator('.program[data-strategy="arrays"]').get_attribute("data-line") == str(
        next(f["line"] for f in [__import__("nqueens.render.programs", fromlist=["frames"])
                                 .frames(trace.events, n=4, strategy="arrays")[7]]))
    # ... and a step taken in the player is written to the model
    frame.locator("#forward").click()
    assert p.page.evaluate("() => window.model.get('step')") == 8
    assert p.page.evaluate("() => window.saved") == [8]
    p.page.evaluate("() => window.cleanup()")
    p.page.evaluate("() => window.model.set('step', 2)")
    assert frame.locator("#board").get_attribute("data-step") == "8"  # unhooked
    assert p.errors() == []
    assert not [m for m in p.messages if m[0] in ("error", "warning")]
    p.page.close()


def test_cli_bar_is_written_once_under_a_kernel(capsys) -> None:
    bar = Progress(enabled=True, delay=0.0, label="N = 15", final_only=True)
    for k in range(1, 51):
        bar(CountProgress(15, k, 50, 100 * k, k / 50, 0.1 * k, 5 - 0.1 * k, 2))
    bar.close()
    bar.close()
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["N = 15 [####################] 100.0% 50/50 subproblems 5,000 solutions "
                     "0:05"]
    live = Progress(enabled=True, delay=0.0, final_only=False)
    assert live.final_only is False


NOTEBOOK_CELLS = [
    "import nqueens\nfrom nqueens.notebook import Trace, ProgressBar\nt = Trace(4)\nt",
    "t.widget(height=500)",
    "nqueens.Solution('2 4 1 3')",
    "from nqueens.analysis.stats import tree_stats\ntree_stats(6)",
    "bar = ProgressBar('n = 13')\nprint(nqueens.count(13, progress=bar))\nbar.close()",
    "!{sys} -m nqueens count 16",  # past the bar's 1-s delay on any machine CI uses
]


@pytest.mark.slow
def test_a_notebook_runs_headless(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("anywidget")
    import sys

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c.replace("{sys}", sys.executable))
                for c in NOTEBOOK_CELLS]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SRC), os.environ.get(
        "PYTHONPATH", "")]))
    client = nbclient.NotebookClient(nb, timeout=240, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    old = dict(os.environ)
    os.environ.update(env)
    try:
        client.execute()
    finally:
        os.environ.clear()
        os.environ.update(old)
    saved = tmp_path / "run.ipynb"
    nbformat.write(nb, saved)
    cells = json.loads(saved.read_text(encoding="utf-8"))["cells"]
    out = [c["outputs"] for c in cells]

    def joined(text: str | list[str]) -> str:
        return text if isinstance(text, str) else "".join(text)

    # the player inline, the widget (its model view), the board as SVG, the stats as a table
    assert joined(out[0][0]["data"]["text/html"]).startswith('<iframe class="nqueens-player"')
    assert joined(out[0][0]["data"]["text/plain"]) == (
        "Trace(4, until='first'): 39 events, 26 squares tried, 1 solution")
    assert "application/vnd.jupyter.widget-view+json" in out[1][0]["data"]
    assert "image/svg+xml" in out[2][0]["data"]
    levels = naive_promising_levels(6)
    checked = 1 + 6 * sum(levels[:-1])  # 895, root included
    assert f"<th>all</th><td>{checked}</td><td>{sum(levels)}</td>" in joined(
        out[3][0]["data"]["text/html"])
    # one bar, its last state, and the count (OEIS A000170)
    bars = [o for o in out[4] if o["output_type"] == "display_data"]
    assert len(bars) == 1 and "100.0%" in joined(bars[0]["data"]["text/html"])
    total_13 = OEIS[13][0]
    assert f"{total_13}\n" == "".join(joined(o["text"]) for o in out[4] if "text" in o)
    # `!nqueens count 16` keeps one bar line, not a frame each refresh (count 15 could end
    # before the bar's delay on a quiet machine: no bar at all)
    text = "".join(joined(o["text"]) for o in out[5] if o["output_type"] == "stream")
    # (a pseudo-terminal: lines end in \r\n; a live bar would redraw with bare \r)
    lines = text.replace("\r\n", "\n").split("\n")
    assert "\r" not in "".join(lines)
    assert lines[-2:] == [f"{OEIS[16][0]}", ""]
    assert [line for line in lines if line.startswith("N = 16")] == lines[:1]
    assert "100.0%" in lines[0] and f"{OEIS[16][0]:,} solutions" in lines[0]
