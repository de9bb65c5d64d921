// Small behaviours of forms, declared in the HTML and wired here: the Content-Security-Policy
// allows no inline script nor handler (onclick=, onsubmit=, onchange=).
//   data-confirm="Question?"  on a form (on submit) or a button (on click): ask first.
//   data-autosubmit           on a select: submit its form when the choice changes.
//   #form-error               the server's refusal of the last sending: hidden once the browser
//                             itself refuses what is now typed (its own message says why), so
//                             an old reason never sits beside new figures.
//   data-holder="dealer|other" on a sheet box's hint, inside a [data-deal] block: once the
//                             deal's dealer is chosen, the hint names the side holding that
//                             hand ("(dealer's opponent: Les Valets)"), with data-format's words.
// Without JavaScript the forms still work (no question asked; the <noscript> button submits).
(function () {
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-confirm]");
    if (button && !window.confirm(button.getAttribute("data-confirm"))) event.preventDefault();
  });
  document.addEventListener(
    "invalid",
    function () {
      var old = document.getElementById("form-error");
      if (old) old.hidden = true;
    },
    true
  );
  function nameHolders(deal) {
    var dealer = null, other = null;
    deal.querySelectorAll("input[type=radio][name$='-dealer']").forEach(function (radio) {
      var side = radio.closest("label") ? radio.closest("label").textContent.trim() : "";
      if (radio.checked) dealer = side; else other = side;
    });
    deal.querySelectorAll("[data-holder]").forEach(function (hint) {
      var side = hint.dataset.holder === "dealer" ? dealer : other;
      var role = hint.dataset.role;
      if (!dealer) {
        hint.textContent = role ? "(" + role + ")" : "";
        hint.hidden = !role;
        return;
      }
      var words = role ? hint.dataset.format.replace("%(role)s", role).replace("%(side)s", side) : side;
      hint.textContent = "(" + words + ")";
      hint.hidden = false;
    });
  }
  function nameAllHolders() {
    document.querySelectorAll("[data-deal]").forEach(nameHolders);
  }
  // After report.js has put back a kept draft (deferred scripts run before this event).
  document.addEventListener("DOMContentLoaded", nameAllHolders);
  document.addEventListener("huche:restored", nameAllHolders);
  document.addEventListener("change", function (event) {
    var deal = event.target.closest && event.target.closest("[data-deal]");
    if (deal) nameHolders(deal);
    var select = event.target;
    if (select.matches && select.matches("select[data-autosubmit]") && select.form) {
      select.form.submit();
    }
  });
})();
