// ESLint's configuration for the site's scripts (make lint; npm ci installs it from
// package-lock.json). The scripts are plain browser scripts, not modules: each wraps itself
// in a function and hands its API to the next through window (game-core.js also to Node's
// module.exports, for the tests that run it against the Python engines).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["site/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      // Node's module and require: the tests run the engines under Node.
      globals: { ...globals.browser, module: "readonly", require: "readonly" },
    },
    rules: {
      // Every word reaches the page as text: the scripts never write markup.
      "no-restricted-properties": ["error",
        { property: "innerHTML", message: "Use textContent or DOM nodes: data never becomes markup." },
        { property: "outerHTML", message: "Use textContent or DOM nodes: data never becomes markup." }],
      "no-restricted-syntax": ["error",
        { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: "Data never becomes markup." },
        { selector: "CallExpression[callee.property.name='write'][callee.object.name='document']", message: "Data never becomes markup." }],
      "no-implicit-globals": "error",
      // A catch that ignores its error still names it: the scripts keep ES5's catch (e).
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      "eqeqeq": ["error", "smart"],
    },
  },
];
