// Ask before an irreversible action (a form with data-ask, see
// tournaments/views/confirming.py): the same question as the server's confirmation page, asked
// in place in the page's dialog (#confirm-dialog: big buttons, readable on a phone); "yes" sends
// confirm=1 so the page is skipped. Without JavaScript the server asks on a page. (forms.js's
// data-confirm asks with the browser's own small box, for the less weighty buttons.)
(function () {
  var dialog = document.getElementById("confirm-dialog");
  if (!dialog || typeof dialog.showModal !== "function") return; // the server's page asks
  var pending = null;
  var pressed = null;  // the button that sent the form: its name and value go with it

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.dataset || !form.dataset.ask || form.querySelector("input[name=confirm]")) {
      return;
    }
    // data-ask-if: ask only when that checkbox is ticked (forcing a round, not seating it)
    if (form.dataset.askIf) {
      var only = form.elements[form.dataset.askIf];
      if (!only || !only.checked) return;
    }
    event.preventDefault();
    pending = form;
    pressed = event.submitter && event.submitter.name ? event.submitter : null;
    dialog.querySelector("[data-confirm-text]").textContent = form.dataset.ask;
    var yes = dialog.querySelector("[data-confirm-yes]");
    yes.dataset.label = yes.dataset.label || yes.textContent;
    yes.textContent = form.dataset.askAction || yes.dataset.label;
    dialog.showModal();
    dialog.querySelector("[data-confirm-no]").focus();
  });

  dialog.querySelector("[data-confirm-yes]").addEventListener("click", function () {
    var form = pending;
    pending = null;
    dialog.close();
    if (!form) return;
    var yes = document.createElement("input");
    yes.type = "hidden";
    yes.name = "confirm";
    yes.value = "1";
    form.appendChild(yes);
    if (pressed) {  // form.submit() sends no button: « Confirm this version » says which one
      var which = document.createElement("input");
      which.type = "hidden";
      which.name = pressed.name;
      which.value = pressed.value;
      form.appendChild(which);
      pressed = null;
    }
    form.submit();
  });
  dialog.querySelector("[data-confirm-no]").addEventListener("click", function () {
    pending = null;
    dialog.close();
  });
})();
