import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/**
 * The import boundary of STYLE.md: app/ talks to the server only over HTTP, so it never imports
 * server/; shared/ is pure and imports neither; server/ never imports UI code.
 */
const serverImports = { group: ["**/server/**", "server/*"], message: "app/ and shared/ must not import server code: talk to it over HTTP." };
const appImports = { group: ["~/*", "**/app/**", "app/*"], message: "This code must not import UI code from app/." };

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/", "tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      eqeqeq: ["error", "smart"],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": ["error", { patterns: [serverImports] }],
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverImports, appImports] }] },
  },
  {
    files: ["server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [appImports] }] },
  },
  {
    files: ["scripts/**", "tests/**", "*.config.{ts,js}"],
    rules: { "no-console": "off" },
  },
);
