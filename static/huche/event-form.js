// The event form (new event and settings), made quicker where JavaScript runs; without it the
// page works the same way through the server (the preset's "Apply" reloads the form filled in,
// and the tiebreak hint follows the scoring system once the page is sent back).
//   [data-presets] input[name=preset][data-values]: choosing a preset fills the fields in
//       place (what is typed in the name, date and venue stays), each still changeable.
//   [data-order-words]: the tiebreak hint of each scoring system, shown for the one chosen.
(function () {
  var form = document.getElementById("event-form");
  if (!form) return;

  function showOrderWords() {
    var hint = form.querySelector("[data-order-words]");
    var chosen = form.querySelector("input[name=scoring_system]:checked");
    if (!hint || !chosen) return;
    var words = JSON.parse(hint.getAttribute("data-order-words"));
    if (words[chosen.value]) hint.textContent = words[chosen.value];
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
      showOrderWords();
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "?preset=" + encodeURIComponent(radio.value));
      }
    });
  }
})();
