// eslint (dev-only, `make lint`): the phone's scripts held to the server's standard (issue 33).
// Huche's browser scripts are plain ES5-era files loaded by <script> (no build step): every
// file is checked with eslint's recommended rules, in the environment it runs in.
"use strict";

const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  // Third-party code vendored as published (jsQR: its own project's style and tests).
  { ignores: ["static/huche/vendor/**"] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-implicit-globals": "error",
      "no-shadow": "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      "no-var": "off",  // the browser scripts stay ES5-style, as they are served
    },
  },
  {
    files: ["static/huche/**/*.js"],
    languageOptions: {
      ecmaVersion: 2017,
      sourceType: "script",
      globals: { ...globals.browser, HucheReportQueue: "readonly" },
    },
  },
  {
    // Also loaded by node's test runner (tests/js): it exports through module.exports there.
    files: ["static/huche/report-queue.js"],
    languageOptions: { globals: { module: "readonly" } },
  },
  {
    // A service worker has a global scope of its own: its functions may live there.
    // Also loaded by node's test runner (tests/js/captain-sw.test.js): module.exports there.
    files: ["static/huche/captain-sw.js"],
    languageOptions: { globals: { ...globals.serviceworker, module: "readonly" } },
    rules: { "no-implicit-globals": "off" },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { ...globals.node } },
  },
];
