/* Crapette table: tap a card, then tap where it goes (or drag it on a large screen); the
 * computer's turn is played one move at a time so the player can watch it and call
 * "Crapette !". play.js sends the forms with fetch and swaps the game area in. Without
 * JavaScript the same form works with the radio buttons in <noscript>. */
(function () {
  "use strict";

  var area = document.getElementById("play-area");
  if (!area) return;
  // ms between the computer's moves, by the pace the player chose ("step": it waits for a tap).
  var PACES = { slow: 3000, normal: 1500, fast: 800, step: null };
  var PACE_KEY = "huche.crapette.pace";
  // After the computer misses a mandatory move, its next move waits at least this long: a fair
  // time to see the miss and call "Crapette !" before its turn may end.
  var FAULT_WINDOW = 5000;
  var DOUBLE_TAP = 600;  // ms: a second tap on the chosen card this soon is a double tap
  var stepTimer = null;
  var faultBefore = false;
  var lastSelect = { source: "", at: 0 };

  function pace() {
    var chosen;
    try { chosen = window.localStorage.getItem(PACE_KEY); } catch (e) { chosen = null; }
    return Object.prototype.hasOwnProperty.call(PACES, chosen) ? chosen : "normal";
  }

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
      // Said in words: a card put back is not a silent change.
      if (note && input.value) { note.textContent = note.dataset.none; note.hidden = false; }
      input.value = "";
      return;
    }
    input.value = button.dataset.source;
    lastSelect = { source: button.dataset.source, at: Date.now() };
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
      if (chosen !== button.dataset.source) { select(button); return; }
      // The same card again: a double tap keeps it chosen; a later tap puts it back.
      if (Date.now() - lastSelect.at < DOUBLE_TAP) return;
      select(null);
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

  // The computer's turn: one move at the chosen pace, unless the player calls first.
  function armStep() {
    clearTimeout(stepTimer);
    var f = form();
    var fault = !!(f && f.hasAttribute("data-fault"));
    var newFault = fault && !faultBefore;
    faultBefore = fault;
    if (!f || !f.hasAttribute("data-auto-step")) return;
    var step = f.querySelector("[data-step]");
    var delay = PACES[pace()];
    if (!step || delay === null) return;  // step by step: the computer waits for a tap
    if (newFault) delay = Math.max(delay, FAULT_WINDOW);
    stepTimer = setTimeout(function () { submitTo(step); }, delay);
  }

  // A phone too short for the sticky status, the table and the sticky buttons together (a
  // 360 x 740 screen, a call's explanation in the status): the table is scaled down to the room
  // left between them (never below MIN_SCALE), and brought into that room.
  var WIDE = "(min-width: 62rem) and (orientation: landscape)";
  var MIN_SCALE = 0.6;
  var SHORT = "(max-height: 800px) and (max-width: 40rem)";
  function fit() {
    var f = form();
    if (!f) return;
    var table = f.querySelector(".cr-table");
    var status = f.querySelector(".cr-status");
    var bar = f.querySelector("[data-actions]");
    if (!table || !status || !bar) return;
    table.style.zoom = "";
    // Only a short screen (740 px): on a taller phone the targets keep their 44 px.
    if (window.matchMedia(WIDE).matches || f.querySelector(".cr-score")) return;
    if (!window.matchMedia(SHORT).matches) return;
    var room = window.innerHeight - status.offsetHeight - bar.offsetHeight - 8;
    var height = table.offsetHeight;
    if (height <= room) return;
    var scale = Math.max(MIN_SCALE, room / height);
    table.style.zoom = String(Math.floor(scale * 100) / 100);
    // The status sticks at the top of the screen once scrolled to: the table just below it.
    window.scrollBy(0, table.getBoundingClientRect().top - status.offsetHeight - 4);
  }

  function render() {
    var paceSelect = area.querySelector("[data-pace]");
    if (paceSelect) {
      paceSelect.value = pace();
      paceSelect.closest("[data-pace-label]").hidden = false;
    }
    var log = area.querySelector("[data-log]");
    if (log) log.scrollTop = log.scrollHeight;  // the latest move in view
    fit();
    armStep();
  }
  window.addEventListener("resize", fit);

  area.addEventListener("change", function (event) {
    if (!event.target.matches("[data-pace]")) return;
    try { window.localStorage.setItem(PACE_KEY, event.target.value); } catch (e) { /* private mode */ }
    faultBefore = false;
    armStep();
  });
  area.addEventListener("submit", function () { clearTimeout(stepTimer); }, true);
  // A finger on "Crapette !" holds the computer's next move, so the call is not lost to it.
  area.addEventListener("pointerdown", function (event) {
    if (event.target.closest("[data-call-button]")) clearTimeout(stepTimer);
  });
  new MutationObserver(render).observe(area, { childList: true });
  render();

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") select(null);
  });
})();
