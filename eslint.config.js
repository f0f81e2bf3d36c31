import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

/**
 * The import boundary (README.md, "Architecture"): app/ talks to the server only over HTTP, so it
 * never imports server/; shared/ is pure and imports neither; server/ never imports UI code.
 */
/** The admin area's feature folders (app/features/admin/<feature>/). */
const adminFeatures = ["analytics", "bookings", "content", "leads", "notifications", "privacy", "shell", "users"];
const serverImports = { group: ["**/server/**", "server/*"], message: "app/ and shared/ must not import server code: talk to it over HTTP." };
/** shared/ is plain TypeScript both sides run: no UI, router, server or database framework. */
const frameworkImports = {
  group: ["react", "react/*", "react-dom", "react-dom/*", "react-router", "react-router/*", "@react-router/*", "hono", "hono/*", "@hono/*", "drizzle-orm", "drizzle-orm/*", "better-auth", "better-auth/*"],
  message: "shared/ imports no framework: keep framework code in app/ or server/ and share plain types and values.",
};
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
    // No import cycles: a module and what it imports form a tree, so each can be read (and
    // loaded) on its own. The TypeScript resolver follows the ~/ and @shared/ aliases.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "shared/**/*.ts", "tests/**/*.ts", "scripts/**/*.{ts,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            // The admin area's features (app/features/admin/<feature>/) do not import one another:
            // what two of them need sits at the folder's top (its API client, query client,
            // formatting, session, staff directory, list parts), and the routes compose the features.
            ...adminFeatures.map((feature) => ({
              target: `./app/features/admin/${feature}`,
              from: adminFeatures.filter((other) => other !== feature).map((other) => `./app/features/admin/${other}`),
              message: "One admin feature does not import another: move what both need to app/features/admin/.",
            })),
            // The site's components are the layer under the features: what a component needs of a
            // feature (an element id, a context) lives in app/lib or app/components, and the
            // feature imports it from there.
            {
              target: "./app/components",
              from: "./app/features",
              message: "app/components does not import app/features: move what both need to app/lib or app/components, or pass it in.",
            },
          ],
        },
      ],
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
    rules: { "no-restricted-imports": ["error", { patterns: [serverImports, appImports, frameworkImports] }] },
  },
  {
    files: ["server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [appImports] }] },
  },
  {
    // Production code states its types: a double cast through unknown silences the compiler instead
    // (type a raw query's rows with db.execute<Row>(), parse input with zod). Tests may still forge.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "shared/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']", message: "No `as unknown as` in production code: give the value its real type." },
      ],
    },
  },
  {
    files: ["scripts/**", "tests/**", "*.config.{ts,js}"],
    rules: { "no-console": "off" },
  },
);
