/**
 * `npm run admin:create -- --email <email> [--name <name>] [--role admin|moderator|editor|user]`: the
 * command's entry point (bundled into <BUILD_DIR>/server/admin-create.js), which runs it on this
 * process's arguments, environment and standard streams (server/cli/admin-create-command.ts).
 */
import { adminCreate } from "./admin-create-command";

const code = await adminCreate(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
if (code !== 0) process.exit(code);
