/* Crapette table: tap a card, then tap where it goes (or drag it on a large screen); the
 * computer's turn is played one move at a time so the player can watch it and call
 * "Crapette !". play.js sends the forms with fetch and swaps the game area in. Without
 * JavaScript the same form works with the radio buttons in <noscript>. */
(function () {
  "use strict";

  var area = document.getElementById("play-area");
  if (!area) return;
  var STEP_DELAY = 900;  // ms between the computer's moves: time to see each card move
  var stepTimer = null;

  function form() { return area.querySelector("form[data-crapette]"); }
  function sourceInput() { return area.querySelector("[data-source-input]"); }

  function select(button) {
    var input = sourceInput();
    area.querySelectorAll(".cr-slot.selected").forEach(function (b) {
      b.classList.remove("selected");
      b.setAttribute("aria-pressed", "false");
    });
    var note = area.querySelector("[data-selected]");
    if (!button) {
      input.value = "";
      if (note) note.hidden = true;
      return;
    }
    input.value = button.dataset.source;
    button.classList.add("selected");
    button.setAttribute("aria-pressed", "true");
    if (note) {
      note.textContent = note.dataset.text.replace("{card}", button.getAttribute("aria-label"));
      note.hidden = false;
    }
  }

  function submitTo(button) {
    var f = form();
    if (f.requestSubmit) f.requestSubmit(button); else button.click();
  }

  area.addEventListener("click", function (event) {
    var button = event.target.closest(".cr-slot");
    if (!button || !area.contains(button) || button.disabled) return;
    var chosen = sourceInput() ? sourceInput().value : "";
    var target = button.dataset.target;
    if (chosen && target && target !== chosen) {
      return;  // a submit button: the form goes with source + this target
    }
    if (button.dataset.source) {
      event.preventDefault();
      select(chosen === button.dataset.source ? null : button);
      return;
    }
    if (target && !chosen) {
      // A place tapped first: the server answers with the reason (choose a card first).
      return;
    }
  });

  // Drag and drop (mouse, large screens): the dragged card becomes the chosen one.
  area.addEventListener("dragstart", function (event) {
    var button = event.target.closest("[data-source]");
    if (!button) return;
    select(button);
    event.dataTransfer.setData("text/plain", button.dataset.source);
    event.dataTransfer.effectAllowed = "move";
  });
  area.addEventListener("dragover", function (event) {
    var target = event.target.closest("[data-target]");
    if (target && !target.disabled) event.preventDefault();
  });
  area.addEventListener("drop", function (event) {
    var target = event.target.closest("[data-target]");
    if (!target || target.disabled) return;
    event.preventDefault();
    if (target.dataset.target === sourceInput().value) { select(null); return; }
    submitTo(target);
  });

  // The computer's turn: one move every STEP_DELAY ms, unless the player calls first.
  function armStep() {
    clearTimeout(stepTimer);
    var f = form();
    if (!f || !f.hasAttribute("data-auto-step")) return;
    var step = f.querySelector("[data-step]");
    if (!step) return;
    stepTimer = setTimeout(function () { submitTo(step); }, STEP_DELAY);
  }
  area.addEventListener("submit", function () { clearTimeout(stepTimer); }, true);
  // A finger on "Crapette !" holds the computer's next move, so the call is not lost to it.
  area.addEventListener("pointerdown", function (event) {
    if (event.target.closest("[data-call-button]")) clearTimeout(stepTimer);
  });
  new MutationObserver(armStep).observe(area, { childList: true });
  armStep();

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") select(null);
  });
})();
