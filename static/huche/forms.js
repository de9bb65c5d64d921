// Small behaviours of forms, declared in the HTML and wired here: the Content-Security-Policy
// allows no inline script nor handler (onclick=, onsubmit=, onchange=).
//   data-confirm="Question?"  on a form (on submit) or a button (on click): ask first.
//   data-autosubmit           on a select: submit its form when the choice changes.
//   #form-error               the server's refusal of the last sending: hidden once the browser
//                             itself refuses what is now typed (its own message says why), so
//                             an old reason never sits beside new figures.
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
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (select.matches && select.matches("select[data-autosubmit]") && select.form) {
      select.form.submit();
    }
  });
})();
