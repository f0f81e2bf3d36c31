// `npm run admin:create -- --email ...` (the password from ADMIN_PASSWORD, the terminal or one line
// on stdin): the compiled command (server/cli/admin-create.ts), rebuilt first when its sources
// changed. Production images run build/server/admin-create.js directly.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./ensure-build.mjs";

const buildDir = ensureBuild("server");
await import(pathToFileURL(path.join(buildDir, "server", "admin-create.js")).href);
