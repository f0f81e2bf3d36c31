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

/**
 * The server's layers, lowest first; an import only goes down (issue 40):
 * 1. db/, http/ and the configuration beside config.ts at the top of server/;
 * 2. platform/: the services the features share (outbox wake-up and delivery errors, staff mail
 *    and the mail transport, rate limits, the audit log, keyset pages and CSV, file storage);
 * 3. the features: auth/, admin/, leads/, analytics/, content/. A feature's folder is private:
 *    another feature imports it only through the public modules named here. What two features
 *    need goes to platform/ (a service) or becomes a public module of the feature that owns it;
 * 4. routes/ composes the features into the HTTP API; app.ts, index.ts and cli/ compose it all.
 */
const serverFeaturePublicModules = {
  // better-auth, its type and its session rules; the passkeys an account holds; the per-account
  // sign-in limit, whose bucket (with the reset limit's, auth.ts) a person's erasure clears.
  auth: ["auth.ts", "second-factor.ts", "account-sign-in-limit.ts"],
  // The lead service (a lead's kinds and sources), and what the lead desk and the staff pages
  // change on leads: routing and reassignment of owners, the lead locks, HubSpot records, lead
  // notifications.
  leads: ["lead-service.ts", "lead-routing.ts", "lead-reassignment.ts", "lead-lock.ts", "hubspot.ts", "notification-queue.ts"],
  admin: [],
  analytics: [],
  content: [],
};
const serverFeatures = Object.keys(serverFeaturePublicModules);
const serverComposition = ["./server/routes", "./server/cli", "./server/app.ts", "./server/index.ts"];
const serverBase = ["db", "http", "config.ts", "app-env.ts", "logger.ts", "log-redaction.ts", "static-site.ts", "staff-sso-config.ts"].map((p) => `./server/${p}`);
const serverLayerZones = [
  {
    target: serverBase,
    from: ["./server/platform", ...serverFeatures.map((f) => `./server/${f}`), ...serverComposition],
    message: "db/, http/ and the configuration sit below every service and feature: they import none of them.",
  },
  {
    target: "./server/platform",
    from: [...serverFeatures.map((f) => `./server/${f}`), ...serverComposition],
    message: "platform/ serves the features and imports none of them: move what it needs into platform/, or take it as an argument.",
  },
  ...serverFeatures.flatMap((feature) => [
    {
      target: `./server/${feature}`,
      from: serverComposition,
      message: "A feature does not import routes/, cli/ or the app: they compose the features.",
    },
    ...serverFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./server/${feature}`,
        from: `./server/${other}`,
        except: serverFeaturePublicModules[other].map((file) => `./${file}`),
        message: `One feature imports another only through its public modules (${other}/: ${serverFeaturePublicModules[other].join(", ") || "none"}; eslint.config.js): move what both need to server/platform/.`,
      })),
  ]),
];

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
      // The server's folders import only downwards (serverLayerZones).
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
            ...serverLayerZones,
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
