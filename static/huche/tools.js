/* Huche game tools: tap cards to fill the cards text field.
 * The text field stays the source of truth, so the pages work the same without JavaScript
 * (type the cards and submit); this only adds the tap-to-pick grid and keeps both in step. */
(function () {
  "use strict";

  var SUITS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

  // "10♥", "th", "TH" -> "TH": the picker's notation, to compare typed cards with buttons.
  function normal(token) {
    var t = token.replace(/\ufe0f/g, "").toUpperCase();
    var suit = t.slice(-1);
    var rank = t.slice(0, -1);
    return (rank === "10" ? "T" : rank) + (SUITS[suit] || suit);
  }

  function tokens(input) {
    return input.value.split(/[\s,;]+/).filter(Boolean);
  }

  function setUp(picker) {
    var input = document.getElementById(picker.dataset.for);
    if (!input) return;
    var max = parseInt(picker.dataset.max, 10);
    var buttons = picker.querySelectorAll("button[data-card]");
    var status = picker.querySelector("[data-picked]");

    function sync() {
      var chosen = tokens(input).map(normal);
      buttons.forEach(function (b) {
        b.setAttribute("aria-pressed", chosen.indexOf(b.dataset.card) >= 0 ? "true" : "false");
      });
      if (status) status.textContent = chosen.length + " / " + max;
    }

    picker.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      if (button.hasAttribute("data-clear")) {
        input.value = "";
      } else if (button.dataset.card) {
        var list = tokens(input);
        var at = list.map(normal).indexOf(button.dataset.card);
        if (at >= 0) list.splice(at, 1);
        else if (list.length < max) list.push(button.dataset.card);
        input.value = list.join(" ");
      }
      sync();
    });
    input.addEventListener("input", sync);
    picker.hidden = false;
    sync();
  }

  document.querySelectorAll(".cards-picker[data-for]").forEach(setUp);
})();
