// The "Print" buttons of the printable pages (no inline handler: CSP is own origin only).
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
