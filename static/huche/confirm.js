// Ask before an irreversible action (a form with data-confirm, see
// tournaments/views/confirming.py): the same question as the server's confirmation page,
// asked in place; "OK" sends confirm=1 so the page is skipped. Without JavaScript the server
// asks on a page of its own.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!form.dataset || !form.dataset.confirm || form.querySelector("input[name=confirm]")) return;
  // data-confirm-if: ask only when that checkbox is ticked (forcing a round, not seating it)
  if (form.dataset.confirmIf) {
    var only = form.elements[form.dataset.confirmIf];
    if (!only || !only.checked) return;
  }
  if (!window.confirm(form.dataset.confirm)) {
    event.preventDefault();
    return;
  }
  var yes = document.createElement("input");
  yes.type = "hidden";
  yes.name = "confirm";
  yes.value = "1";
  form.appendChild(yes);
});
