// The trace player as an anywidget (one ES module: JupyterLab, VS Code, Colab).
// The model holds the player page (html, made by nqueens.render.player) and the step shown;
// the page runs in an iframe of its own, so that several players on one notebook never
// share element ids, and the step follows both ways: the model's step moves the player,
// and a step taken in the player (its buttons, keys or tree) is written to the model.
function render({ model, el }) {
  const frame = document.createElement("iframe");
  frame.className = "nqueens-player";
  frame.setAttribute("title", "nqueens trace player");
  frame.style.width = "100%";
  frame.style.border = "0";
  frame.style.height = model.get("height") + "px";
  let player = null;

  function hook() {
    const win = frame.contentWindow;
    if (!win || !win.nqueensPlayer) { return; }
    player = win.nqueensPlayer;
    player.onStep = function (i) {
      if (model.get("step") !== i) { model.set("step", i); model.save_changes(); }
    };
    const want = model.get("step");
    if (want !== player.current()) { player.go(want); }
    el.setAttribute("data-ready", "1");
  }
  function onStep() {
    if (player && player.current() !== model.get("step")) { player.go(model.get("step")); }
  }
  function onHtml() {
    player = null;
    el.setAttribute("data-ready", "0");
    frame.srcdoc = model.get("html");
  }
  function onHeight() { frame.style.height = model.get("height") + "px"; }

  frame.addEventListener("load", hook);
  model.on("change:step", onStep);
  model.on("change:html", onHtml);
  model.on("change:height", onHeight);
  el.setAttribute("data-ready", "0");
  el.appendChild(frame);
  frame.srcdoc = model.get("html");
  return function () {
    model.off("change:step", onStep);
    model.off("change:html", onHtml);
    model.off("change:height", onHeight);
  };
}

export default { render };
