// Small behaviours of forms, declared in the HTML and wired here: the Content-Security-Policy
// allows no inline script nor handler (onclick=, onsubmit=, onchange=).
//   data-confirm="Question?"  on a form (on submit) or a button (on click): ask first.
//   data-autosubmit           on a select: submit its form when the choice changes.
// Without JavaScript the forms still work (no question asked; the <noscript> button submits).
//   data-csrf-cookie          on a hidden input: filled from the CSRF cookie when its form is
//                             sent (a page shared by every visitor carries no token of its own:
//                             tournaments/publishing/whole_pages.py; without JavaScript the
//                             language switch of such a page asks to try again).
(function () {
  function csrfCookie() {
    var found = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return found ? decodeURIComponent(found[1]) : "";
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var token = form.querySelector && form.querySelector("input[data-csrf-cookie]");
    if (token) token.value = csrfCookie();
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-confirm]");
    if (button && !window.confirm(button.getAttribute("data-confirm"))) event.preventDefault();
  });
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (select.matches && select.matches("select[data-autosubmit]") && select.form) {
      select.form.submit();
    }
  });
})();
