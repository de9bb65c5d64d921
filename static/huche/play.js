/* Practice games: send each action with fetch and swap in the game area, no full reload.
 * The forms work without JavaScript (a POST and a redirect). Every form carries the move number
 * it was made at, so when the network drops the same request is simply sent again: the server
 * applies a move number once and answers a repeat with the current state. */
(function () {
  "use strict";

  var area = document.getElementById("play-area");
  if (!area || !window.fetch) return;
  var busy = false;
  var THINKING_AFTER = 300;  // ms without an answer: show that the computer is thinking
  var thinkingTimer = null;

  // The connection state and the "thinking" sign live in the status bar, which stays on
  // screen; the answer replaces the whole area, and with it both signs.
  function sign(selector, shown) {
    var element = area.querySelector(selector);
    if (element) element.hidden = !shown;
  }

  function latestNews() {
    // The log box shows its latest line (the box scrolls, never the page).
    area.querySelectorAll("[data-log]").forEach(function (log) { log.scrollTop = log.scrollHeight; });
  }

  function focusAfter(hadCoaching) {
    var result = area.querySelector("[data-result], .cr-score");
    if (result) {
      // The end: the winner and the final board (Crapette: the score) at the top of the screen.
      if (!result.hasAttribute("tabindex")) result.setAttribute("tabindex", "-1");
      result.focus({ preventScroll: true });
      area.scrollIntoView({ block: "start" });
      return;
    }
    // A new state from the top of the game area (a shorter page would otherwise leave the
    // screen wherever the browser clamped it, the table's top under the status bar); then the
    // control to use next is brought into view if it is below.
    if (area.getBoundingClientRect().top < 0) area.scrollIntoView({ block: "start" });
    var target = area.querySelector("[autofocus], .card-button:not([disabled]), .card-choice input");
    var coaching = area.querySelector("[data-coaching]");
    if (coaching && !hadCoaching) {
      // Just after the discard: the coaching in view first; then the card to lay or the button
      // to press, which must be on screen too (it wins when both do not fit).
      coaching.scrollIntoView({ block: "nearest" });
    }
    // Focus without its own scroll (Chromium centres the element, which hides the table's top
    // under the status bar), then the least scroll that shows the control.
    (target || area).focus({ preventScroll: true });
    if (target) target.scrollIntoView({ block: "nearest" });
    verdictBelowStatus(target);
  }

  function verdictBelowStatus(target) {
    // The verdict on the card just laid (else on the discard) never under the sticky status
    // bar, however many cards were laid since: its top just below the bar; then the control to
    // use next brought back into view if that pushed it off the screen (the control wins when
    // both do not fit).
    var verdict = area.querySelector("[data-play-coaching]") || area.querySelector("[data-coaching]");
    var status = area.querySelector("[data-status]");
    if (!verdict || !status) return;
    var below = status.getBoundingClientRect().bottom + 6;
    var top = verdict.getBoundingClientRect().top;
    if (top < below || top > window.innerHeight - 40) window.scrollBy(0, top - below);
    if (target && target.getBoundingClientRect().bottom > window.innerHeight) {
      target.scrollIntoView({ block: "nearest" });
    }
  }

  function send(form, body, attempt) {
    // getAttribute: a field named "action" hides the form's action property.
    fetch(form.getAttribute("action"), {
      method: "POST",
      body: body,
      headers: { "X-Requested-With": "fetch" },
      credentials: "same-origin"
    }).then(function (response) {
      if (response.status >= 500) throw new Error("server " + response.status);
      return response.text();
    }).then(function (html) {
      busy = false;
      clearTimeout(thinkingTimer);
      var hadCoaching = !!area.querySelector("[data-coaching]");
      area.innerHTML = html;
      latestNews();
      focusAfter(hadCoaching);
    }).catch(function () {
      // Wi-Fi lost: try the very same move again, a little later each time (about five
      // minutes in all; then reload, which shows the game as the server has it).
      clearTimeout(thinkingTimer);
      sign("[data-thinking]", false);
      sign("[data-offline]", true);
      if (attempt >= 60) { window.location.reload(); return; }
      setTimeout(function () { send(form, body, attempt + 1); },
                 Math.min(1000 * (attempt + 1), 5000));
    });
  }

  area.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-play]")) return;
    event.preventDefault();
    if (busy) return;  // a double tap sends one request
    busy = true;
    var body = new FormData(form);
    if (event.submitter && event.submitter.name) {
      body.append(event.submitter.name, event.submitter.value);
    }
    clearTimeout(thinkingTimer);
    thinkingTimer = setTimeout(function () { sign("[data-thinking]", true); }, THINKING_AFTER);
    send(form, body, 0);
  });
  latestNews();

  // Laying away: the button waits for exactly the cards to lay away (two, one four-handed).
  function discards() {
    var button = area.querySelector("[data-discard]");
    return button ? Number(button.getAttribute("data-discard")) || 2 : 2;
  }
  function syncDiscard() {
    var button = area.querySelector("[data-discard]");
    if (!button) return;
    button.disabled = area.querySelectorAll(".card-choice input:checked").length !== discards();
  }
  area.addEventListener("change", function (event) {
    var boxes = area.querySelectorAll(".card-choice input:checked");
    if (boxes.length > discards() && event.target.checked) event.target.checked = false;
    syncDiscard();
  });
  syncDiscard();
  new MutationObserver(syncDiscard).observe(area, { childList: true });
})();
