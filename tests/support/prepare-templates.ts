/**
 * `npx tsx tests/support/prepare-templates.ts`: builds the cached database templates every later
 * test step starts from (pglite-templates.ts), so that on a machine without them (a fresh CI
 * runner) they are made once, beside the type check, lint and build (scripts/test.sh), instead of
 * in the middle of the tests, where several processes would make the same one at the same time.
 * Where they exist already this only checks that they do.
 */
import { migratedDump, templateDataDir } from "./pglite-templates";
import { e2eStaff, staffVariant } from "../e2e/staff-templates";

const started = Date.now();
await migratedDump();
await templateDataDir();
for (const staff of new Set(Object.values(e2eStaff).map((accounts) => JSON.stringify(accounts)))) {
  await templateDataDir(staffVariant(JSON.parse(staff)));
}
console.log(`database templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
