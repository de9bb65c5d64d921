// Refresh the #live part of the page in place while the event runs (no full reload, so a
// phone keeps its scroll position; a failed fetch on poor Wi-Fi just waits for the next try).
// A form inside the box that someone is filling in (a field focused, or changed from what the
// page gave) is never wiped: the refresh waits until it is sent or put back as it was.
// When the server cannot be reached, the page says since when ("hors ligne depuis 14 h 32",
// base.html's [data-offline-since]) and keeps what it shows; it catches up as soon as the
// server answers again (at once when the browser says the network is back).
(function () {
  var box = document.getElementById("live");
  if (!box || !box.dataset.refresh) return;
  var every = parseInt(box.dataset.refresh, 10) * 1000;
  var banner = document.querySelector("[data-offline-since]");
  var since = null, timer = null, inflight = false;
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
  function clock(date) {
    try {
      return new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
        hour: "numeric", minute: "2-digit", timeZone: (banner && banner.dataset.tz) || undefined
      }).format(date);
    } catch (e) {
      return date.toTimeString().slice(0, 5);
    }
  }
  function lost() {
    if (since) return;
    since = new Date();
    if (!banner) return;
    banner.textContent = banner.dataset.text.replace("{time}", clock(since));
    banner.hidden = false;
  }
  function reached() {
    since = null;
    if (banner) banner.hidden = true;
  }
  function later(wait) {
    clearTimeout(timer);
    timer = setTimeout(refresh, wait);
  }
  function answered(r) {
    if (r.status >= 502 && r.status <= 504) { lost(); return false; }  // a proxy without Huche
    reached();
    return true;
  }
  function refresh() {
    if (busy()) {
      // Nothing is swapped over a form being filled; while cut off, only ask whether the
      // server is back, so the banner does not stay up for nothing.
      if (since) fetch(window.location.href, { method: "HEAD", cache: "no-store" })
        .then(answered, lost);
      later(every);
      return;
    }
    if (inflight) return;
    inflight = true;
    fetch(window.location.href, { headers: { "X-Requested-With": "fetch" }, cache: "no-store" })
      .then(function (r) {
        return answered(r) && r.ok ? r.text() : null;
      }, function () { lost(); return null; })
      .then(function (html) {
        if (!html || busy()) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
        if (fresh) {
          box.innerHTML = fresh.innerHTML;
          box.dataset.refreshedAt = String(Date.now());
        }
      })
      .catch(function () {})
      .finally(function () { inflight = false; later(every); });
  }
  window.addEventListener("online", function () { later(0); });
  later(every);
})();
