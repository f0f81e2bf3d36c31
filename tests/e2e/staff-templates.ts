import crypto from "node:crypto";
import { openDatabase, type Database } from "../../server/db/client";
import { createAuth } from "../../server/auth/auth";
import { ensureStaffAccount } from "../../server/admin/staff-accounts";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import type { AppRole } from "../../shared/schemas/admin";
import type { TemplateVariant } from "../support/pglite-templates";
import { staffAccounts, type StaffAccount } from "./servers";

/** The staff accounts of each end-to-end server that has any (global-setup.ts). */
export const e2eStaff = {
  leads: [staffAccounts.admin],
  admin: [
    staffAccounts.admin,
    staffAccounts.moderator,
    staffAccounts.editor,
    staffAccounts.newHire,
    staffAccounts.assignee,
    staffAccounts.forgetful,
    staffAccounts.leaver,
    staffAccounts.enrolling,
  ],
  leadDesk: [staffAccounts.admin, staffAccounts.colleague],
  analytics: [staffAccounts.admin],
} satisfies Record<string, StaffAccount[]>;

/** Staff accounts made the way `npm run admin:create` makes them (tests/process covers the command itself). */
export async function createStaff(database: Database, staff: StaffAccount[]) {
  const config = loadConfig({ NODE_ENV: "test" });
  const auth = createAuth({ config, database, logger: createLogger("silent") });
  for (const account of staff) {
    await ensureStaffAccount(auth, database.db, { email: account.email, password: account.password, role: account.role as AppRole });
  }
}

/** The embedded-database template holding these accounts (see pglite-templates.ts). */
export function staffVariant(staff: StaffAccount[]): TemplateVariant {
  return {
    name: `staff-${crypto.createHash("sha256").update(JSON.stringify(staff)).digest("hex").slice(0, 12)}`,
    make: async (dataDir) => {
      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        await createStaff(database, staff);
      } finally {
        await database.close();
      }
    },
  };
}
