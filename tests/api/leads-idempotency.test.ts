import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { CONSENT_TEXT_VERSION } from "@shared/schemas/consent-text";
import { bookingInquiries, contactRequests } from "../../server/db/schema";
import { bookingBody, contactBody, enterpriseBody, leadCounts, postJson } from "./leads-support";

/*
 * An idempotency key stands for one set of lead fields: a retry (the same fields, whatever its
 * bot-check token, attribution or consent text version) is answered as the stored lead; any other
 * field under the same key is a conflict, answered 409, and stores nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LEADS_RATE_LIMIT_MAX: "1000" });
});
afterAll(() => t.close());

const CONFLICT = { success: false, error: "This submission key was already used for a different request." };
const withKey = (key: string) => ({ "idempotency-key": key });

describe("the same idempotency key with other lead fields", () => {
  it.each([
    ["company", { company_name: "Another Company Ltd" }],
    ["job title", { job_title: "Chief Mischief Officer" }],
    ["monthly calls", { total_calls: 9999 }],
  ])("answers 409 to a booking whose %s differs (same name and e-mail), and stores nothing", async (label, change) => {
    const key = `booking-fields-${label.replace(/\W/g, "-")}`;
    const first = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: `${key}@example.com` }), withKey(key));
    expect(first.status).toBe(200);
    const before = await leadCounts(t);
    const second = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: `${key}@example.com`, ...change }), withKey(key));
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual(CONFLICT);
    expect(await leadCounts(t)).toEqual(before);
    const [stored] = await t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.idempotencyKey, key));
    expect(stored).toMatchObject({ companyName: "Analytical Engines LLC", jobTitle: "Owner", totalCalls: 400 });
  });

  it("answers 409 to an enterprise lead whose goal differs, and to a contact request whose notes or phone differ", async () => {
    const enterprise = await postJson(t.app, "/api/submit-booking", enterpriseBody({ work_email: "ent-key@example.com" }), withKey("enterprise-fields"));
    expect(enterprise.status).toBe(200);
    const otherGoal = await postJson(t.app, "/api/submit-booking", enterpriseBody({ work_email: "ent-key@example.com", ai_goal: "Something else entirely" }), withKey("enterprise-fields"));
    expect(otherGoal.status).toBe(409);

    expect((await postJson(t.app, "/api/contact", contactBody({ email: "contact-key@example.com" }), withKey("contact-fields"))).status).toBe(200);
    const before = await leadCounts(t);
    for (const change of [{ notes: "Please call me back about something else." }, { phone: "+1 (555) 010-9999" }]) {
      const res = await postJson(t.app, "/api/contact", contactBody({ email: "contact-key@example.com", ...change }), withKey("contact-fields"));
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual(CONFLICT);
    }
    expect(await leadCounts(t)).toEqual(before);
    const [stored] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.idempotencyKey, "contact-fields"));
    expect(stored!.notes).toBe("We miss calls after 5pm.");
  });
});

describe("a retry with the same lead fields", () => {
  it("answers as the stored lead even when its attribution, consent text version, token and e-mail case changed, storing nothing new", async () => {
    const key = "retry-same-fields";
    const body = bookingBody({ work_email: "retry@example.com", attribution: { page_path: "/pricing", utm_source: "newsletter" } });
    const first = await postJson(t.app, "/api/submit-booking", body, withKey(key));
    expect(first.status).toBe(200);
    const { reference } = (await first.json()) as { reference: string };
    const before = await leadCounts(t);
    const retry = await postJson(
      t.app,
      "/api/submit-booking",
      { ...body, work_email: "Retry@Example.com", attribution: { page_path: "/book-demo" }, consent_text_version: CONSENT_TEXT_VERSION, recaptchaToken: "another-token" },
      withKey(key),
    );
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ success: true, reference });
    expect(await leadCounts(t)).toEqual(before);
  });
});
