// Refresh the #live part of the page in place while the event runs (no full reload, so a
// phone keeps its scroll position; a failed fetch on poor Wi-Fi just waits for the next try).
// A form inside the box that someone is filling in (a field focused, or changed from what the
// page gave) is never wiped: the refresh waits until it is sent or put back as it was.
(function () {
  var box = document.getElementById("live");
  if (!box || !box.dataset.refresh) return;
  var every = parseInt(box.dataset.refresh, 10) * 1000;
  function changed(el) {
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
    if (el.tagName === "SELECT") {
      for (var i = 0; i < el.options.length; i++)
        if (el.options[i].selected !== el.options[i].defaultSelected) return true;
      return false;
    }
    return el.type !== "hidden" && el.value !== el.defaultValue;
  }
  function busy() {
    var active = document.activeElement;
    if (active && box.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName)) return true;
    var fields = box.querySelectorAll("input, select, textarea");
    for (var i = 0; i < fields.length; i++) if (changed(fields[i])) return true;
    return false;
  }
  function refresh() {
    if (busy()) { setTimeout(refresh, every); return; }
    fetch(window.location.href, { headers: { "X-Requested-With": "fetch" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html || busy()) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
        if (fresh) {
          box.innerHTML = fresh.innerHTML;
          box.dataset.refreshedAt = String(Date.now());
        }
      })
      .catch(function () {})
      .finally(function () { setTimeout(refresh, every); });
  }
  setTimeout(refresh, every);
})();
