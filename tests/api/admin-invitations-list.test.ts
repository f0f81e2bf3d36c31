import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createMailboxApp, origin, randomIp } from "../support/admin-fixtures";
import { staffInvitations } from "../../server/db/schema";

/**
 * The pending invitations the users page lists (GET /api/admin/invitations), as an invitation is
 * accepted or runs out: what admin-area.spec.ts used to read off the page after each flow.
 */
let app: Awaited<ReturnType<typeof createMailboxApp>>;

beforeAll(async () => {
  app = await createMailboxApp("invitations-list-");
}, 120_000);
afterAll(() => app?.close());

type Pending = { items: { email: string; role: string; expired: boolean }[] };

const post = (path: string, body: unknown, cookie?: string) =>
  app.t.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp(), ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });

const pending = async () => ((await (await app.t.app.request("/api/admin/invitations", { headers: { Cookie: app.adminCookie } })).json()) as Pending).items;

async function invite(email: string): Promise<string> {
  expect((await post("/api/admin/invitations", { email, role: "moderator" }, app.adminCookie)).status).toBe(201);
  const [mail] = await app.mailTo(email);
  const link = new RegExp(`${origin.replace(/[.:/]/g, "\\$&")}/\\S+`).exec(mail ?? "")?.[0] ?? "";
  return new URL(link).hash.replace(/^#token=/, "");
}

describe("the pending invitations list", () => {
  it("drops an invitation once it is accepted", async () => {
    const email = "accepted.rep@example.com";
    const token = await invite(email);
    expect((await pending()).filter((i) => i.email === email)).toEqual([expect.objectContaining({ role: "moderator", expired: false })]);
    expect((await post("/api/staff/invitations/accept", { token, password: "invited-password-1" })).status).toBe(200);
    expect((await pending()).some((i) => i.email === email)).toBe(false);
  });

  it("keeps an invitation past its expiry, marked expired", async () => {
    const email = "late.rep@example.com";
    await invite(email);
    await app.t.database.db.update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvitations.email, email));
    expect((await pending()).filter((i) => i.email === email)).toEqual([expect.objectContaining({ role: "moderator", expired: true })]);
  });
});
