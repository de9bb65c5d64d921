/* Huche game tools: tap cards to fill the cards text field.
 * The text field stays the source of truth, so the pages work the same without JavaScript
 * (type the cards and submit); this only adds the tap-to-pick grid and keeps both in step. */
(function () {
  "use strict";

  // French letters are read too (games/cards.py): suits P K T (pique, carreau, trèfle), ranks
  // V D R; a suit C is cœur on a French page and clubs on an English one, as the server reads it.
  var FRENCH = (document.documentElement.lang || "").toLowerCase().indexOf("fr") === 0;
  var SUITS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", P: "S", K: "D", T: "C", C: FRENCH ? "H" : "C" };
  var RANKS = { "10": "T", V: "J", D: "Q", R: "K" };

  // "10♥", "th", "R♥", "RC" (French) -> "TH", "KH": the buttons' notation, to compare them.
  function normal(token) {
    var t = token.replace(/\ufe0f/g, "").toUpperCase();
    var suit = t.slice(-1);
    var rank = t.slice(0, -1);
    return (RANKS[rank] || rank) + (SUITS[suit] || suit);
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
        // The card as the button shows it (R♥, 10♣): read the same in every language.
        else if (list.length < max) list.push(button.textContent.trim());
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
