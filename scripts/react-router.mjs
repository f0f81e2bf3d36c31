// The react-router CLI (`build`, `typegen`, `dev`), without one warning nobody here can act on.
// @react-router/dev 7.x creates its internal Vite servers (the config loader's and the route
// compiler's) with `envFile: false`, which Vite 8.1+ reports as deprecated, once per server: nine
// lines on every build. Upstream fixed it in React Router 8 (remix-run/react-router#15229), which
// needs Node 22; no 7.x release has the fix. Only that exact message is dropped; every other
// warning still prints. Remove this wrapper when moving to React Router 8 (docs/decisions/0007).
import { createRequire } from "node:module";
import path from "node:path";

const upstreamDeprecation = "The `envFile` option is deprecated, please use `envDir: false` instead.";
const warn = console.warn.bind(console);
console.warn = (...args) => {
  if (typeof args[0] === "string" && args[0].includes(upstreamDeprecation)) return;
  warn(...args);
};

// The package's `exports` do not list its bin, so it is found through package.json.
const require = createRequire(import.meta.url);
require(path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "bin.js"));
