// The event form (new event and settings), made quicker where JavaScript runs; without it the
// page works the same way through the server (the preset's "Apply" reloads the form filled in,
// and the tiebreak hint follows the scoring system once the page is sent back); with it,
// "Apply" only goes to the form, already filled in, so nothing typed there is lost.
//   [data-presets] input[name=preset][data-values]: choosing a preset fills the fields in
//       place (what is typed in the name, date and venue stays), each still changeable.
//   [data-order-words]: the tiebreak hint of each scoring system, for pairs and for singles,
//       shown for the ones chosen.
//   [data-entry-words]: a field's label, hint and choices' labels for pairs and for singles
//       (a singles event has players, no captains), shown for the entry chosen.
(function () {
  var form = document.getElementById("event-form");
  if (!form) return;

  function entry() {
    var chosen = form.querySelector("input[name=entry]:checked");
    return chosen && chosen.value === "singles" ? "singles" : "pairs";
  }

  function showOrderWords() {
    var hint = form.querySelector("[data-order-words]");
    var chosen = form.querySelector("input[name=scoring_system]:checked");
    if (!hint || !chosen) return;
    var words = JSON.parse(hint.getAttribute("data-order-words"))[entry()] || {};
    if (words[chosen.value]) hint.textContent = words[chosen.value];
  }

  // The text of a choice's label, after its radio button (the button itself stays).
  function setChoiceText(input, text) {
    var label = input.closest("label");
    if (!label) return;
    var node = label.lastChild;
    if (node && node.nodeType === 3) node.textContent = " " + text;
    else label.appendChild(document.createTextNode(" " + text));
  }

  function showEntryWords() {
    var chosen = entry();
    form.querySelectorAll("[data-entry-words]").forEach(function (box) {
      var words = JSON.parse(box.getAttribute("data-entry-words"))[chosen] || {};
      var title = box.querySelector(":scope > legend, :scope > label[for]");
      if (words.label !== undefined && title) title.textContent = words.label;
      var hint = box.querySelector(":scope > p.hint");
      if (words.help !== undefined && hint) hint.textContent = words.help;
      Object.keys(words.choices || {}).forEach(function (value) {
        var input = box.querySelector("input[value='" + value + "']");
        if (input) setChoiceText(input, words.choices[value]);
      });
    });
    showOrderWords();
  }

  function setField(name, value) {
    if (name === "tiebreaks") {
      var chain = value || [];
      form.querySelectorAll("select[name^='tiebreaks_']").forEach(function (select, index) {
        select.value = chain[index] || "";
      });
      return;
    }
    var inputs = form.querySelectorAll("[name='" + name + "']");
    inputs.forEach(function (input) {
      if (input.disabled) return;
      if (input.type === "radio") input.checked = String(input.value) === String(value);
      else if (input.type === "checkbox") input.checked = Boolean(value);
      else input.value = value === null || value === undefined ? "" : value;
    });
  }

  form.addEventListener("change", function (event) {
    if (event.target.name === "scoring_system") showOrderWords();
    if (event.target.name === "entry") showEntryWords();
  });

  var presets = document.querySelector("[data-presets]");
  if (presets) {
    presets.addEventListener("change", function (event) {
      var radio = event.target;
      if (radio.name !== "preset" || !radio.checked) return;
      var values = JSON.parse(radio.getAttribute("data-values"));
      Object.keys(values).forEach(function (name) {
        setField(name, values[name]);
      });
      showEntryWords();
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "?preset=" + encodeURIComponent(radio.value));
      }
    });
    // Choosing already filled the form in: "Apply" must not reload the page, which would lose
    // the name, date and venue typed before it. It takes the organizer to the form instead.
    presets.addEventListener("submit", function (event) {
      event.preventDefault();
      var first = form.querySelector("input:not([type=hidden]), select, textarea");
      form.scrollIntoView();
      if (first) first.focus();
    });
  }
})();
