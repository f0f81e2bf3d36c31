// `npm start`: builds what is missing or stale, then runs the compiled server in this same process
// (so signals reach it directly).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./ensure-build.mjs";

const buildDir = ensureBuild("all");
await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
