// The site menu is a <details> (works without JavaScript): folded on a phone so the header
// stays one line, unfolded on a wide screen where its links fit in the header row.
(function () {
  var menu = document.querySelector("details.menu");
  if (!menu || !window.matchMedia) return;
  var wide = window.matchMedia("(min-width: 721px)");
  function follow() { menu.open = wide.matches; }
  follow();
  if (wide.addEventListener) wide.addEventListener("change", follow);
})();
