import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadDetailResponse, LeadsPage } from "@shared/api/lead-desk-api";
import { DISPOSABLE_EMAIL_LABEL, ENTERPRISE_FIT_LABEL, FREE_EMAIL_LABEL, INCLUDED_CALLS_PER_MONTH } from "@shared/schemas/lead-fit";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, randomIp, signedInCookie } from "../support/admin-fixtures";
import { leads } from "../../server/db/schema";
import { installedDomainLists } from "../../server/leads/lead-fit";
import { bookingBody, contactBody, enterpriseBody, postJson, startHttpServer } from "./leads-support";
import { startSlack } from "./lead-notifications-support";
import { mailText, startSmtp } from "../support/smtp-sink";
import { outboxWorkerFor } from "../support/outbox";

/*
 * Fit at submit (docs/decisions/0710): the size tier from calls per month against the plan's
 * included volume and LEADS_ENTERPRISE_CALLS_PER_MONTH, and the e-mail's kind from the installed
 * domain lists; shown in the inbox and on the lead page, filterable, exported, and in every staff
 * notification. Nothing is refused for its fit.
 */

const THRESHOLD = 20_000;
let t: TestApp;
let cookie: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let slack: Awaited<ReturnType<typeof startSlack>>;
let webhook: Awaited<ReturnType<typeof startHttpServer>>;

beforeAll(async () => {
  smtp = await startSmtp();
  slack = await startSlack();
  webhook = await startHttpServer((_req, _body, res) => res.writeHead(204).end());
  t = await createTestApp({
    ...adminTestEnv,
    LEADS_RATE_LIMIT_MAX: "10000",
    LEADS_ENTERPRISE_CALLS_PER_MONTH: String(THRESHOLD),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LEADS_NOTIFY_TO: "sales@example.com",
    SLACK_WEBHOOK_URL: slack.webhookUrl,
    LEADS_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
    LEADS_WEBHOOK_SECRET: "webhook-secret-for-tests",
    LEADS_OUTBOX_RETRY_BASE_MS: "60000",
  });
  const staff = await createStaff(t, "admin", `fit-${crypto.randomUUID().slice(0, 6)}@example.com`);
  cookie = await signedInCookie(t, staff.email, staff.password);
  // Three local servers, an app and an account on a shared 2-core machine: more than 30 s at times.
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([smtp?.close(), slack?.close(), webhook?.close()]);
});

function admin(method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { Cookie: cookie, Origin: origin };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return t.app.request(`/api/admin/leads${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A lead through its public endpoint; answers its id. Every one is accepted, whatever its fit. */
async function submit(kind: "booking" | "enterprise" | "contact", email: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const body = kind === "booking" ? bookingBody({ work_email: email, ...overrides }) : kind === "enterprise" ? enterpriseBody({ work_email: email, ...overrides }) : contactBody({ email, ...overrides });
  const res = await postJson(t.app, kind === "contact" ? "/api/contact" : "/api/submit-booking", body, { "x-forwarded-for": randomIp() });
  expect(res.status, `${email}: ${await res.clone().text()}`).toBe(200);
  const [row] = await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
  return row!.id;
}

async function detail(id: string) {
  const res = await admin("GET", `/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as LeadDetailResponse;
}

async function searchIds(filters: Record<string, unknown>): Promise<string[]> {
  const res = await admin("POST", "/search", { ...filters, limit: 100 });
  expect(res.status).toBe(200);
  return ((await res.json()) as LeadsPage).items.map((item) => item.id);
}

const unique = (domain: string) => `fit-${crypto.randomUUID().slice(0, 8)}@${domain}`;

/** `n` domains drawn at random from a list, each a plain hostname the forms accept. */
function sample(list: ReadonlySet<string>, n: number, exclude: ReadonlySet<string> = new Set()): string[] {
  // Excluded with its subdomains: a subdomain counts as its parent (adrianraharja.uk.to, a free-mail
  // domain, is disposable because uk.to is; 42 of 72,056 free-mail domains are such subdomains).
  const excluded = (d: string) => d.split(".").some((_, i, labels) => i <= labels.length - 2 && exclude.has(labels.slice(i).join(".")));
  const plain = [...list].filter((d) => /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(d) && !excluded(d) && d.length < 60);
  const picked = new Set<string>();
  while (picked.size < n) picked.add(plain[crypto.randomInt(plain.length)]!);
  return [...picked];
}

describe("size tier from calls per month", () => {
  const cases: [string, number | null, string, string[]][] = [
    ["a 900-call law firm", 900, "within_plan", []],
    ["exactly the included volume", INCLUDED_CALLS_PER_MONTH, "within_plan", []],
    ["one call over it", INCLUDED_CALLS_PER_MONTH + 1, "above_plan", []],
    ["exactly the enterprise threshold", THRESHOLD, "above_plan", []],
    ["a 40,000-call insurer", 40_000, "enterprise", [ENTERPRISE_FIT_LABEL]],
  ];
  it.each(cases)("%s is stored as %s and shown with its labels", async (_what, calls, tier, labels) => {
    const id = await submit("booking", unique("insurer-example.com"), { total_calls: calls });
    const lead = (await detail(id)).lead;
    expect(lead.fit).toEqual({ tier: expect.any(String), emailKind: "work", labels });
    expect(lead.fit.tier).toBe(tier);
  });

  it("a lead without a volume (enterprise form, contact form) has no size tier", async () => {
    const enterprise = await submit("enterprise", unique("compilers-example.com"));
    const contact = await submit("contact", unique("trades-example.com"));
    expect((await detail(enterprise)).lead.fit.tier).toBe("unknown");
    expect((await detail(contact)).lead.fit.tier).toBe("unknown");
  });
});

describe("e-mail kind from the installed domain lists", () => {
  it("flags a random sample of disposable and free-mail domains, and no company domain", async () => {
    const disposable = sample(installedDomainLists.disposable, 6);
    // A domain on both lists counts as disposable: the free sample is drawn from the rest.
    const free = sample(installedDomainLists.free, 6, installedDomainLists.disposable);
    const work = ["plumbing-co-" + crypto.randomUUID().slice(0, 6) + ".com", "law-firm-" + crypto.randomUUID().slice(0, 6) + ".co.uk"];
    const expected: [string, string, string[]][] = [
      ...disposable.map((d): [string, string, string[]] => [d, "disposable", [DISPOSABLE_EMAIL_LABEL]]),
      ...free.map((d): [string, string, string[]] => [d, "free", [FREE_EMAIL_LABEL]]),
      ...work.map((d): [string, string, string[]] => [d, "work", []]),
    ];
    for (const [domain, kind, labels] of expected) {
      const id = await submit("contact", unique(domain));
      expect((await detail(id)).lead.fit, domain).toMatchObject({ emailKind: kind, labels });
    }
    // Fourteen submissions and reads: slow only when the shared machine is.
  }, 60_000);

  it("counts a subdomain as its parent, and combines the labels of size and address", async () => {
    const [disposable] = sample(installedDomainLists.disposable, 1);
    const [free] = sample(installedDomainLists.free, 1, installedDomainLists.disposable);
    const sub = await submit("contact", unique(`mx.${disposable}`));
    expect((await detail(sub)).lead.fit.emailKind).toBe("disposable");
    const both = await submit("booking", unique(free!), { total_calls: THRESHOLD + 1 });
    expect((await detail(both)).lead.fit.labels).toEqual([ENTERPRISE_FIT_LABEL, FREE_EMAIL_LABEL]);
  });
});

describe("the inbox's fit filter and the export", () => {
  it("filters by each label and by work e-mail, and refuses an unknown value with a field message", async () => {
    const [disposable] = sample(installedDomainLists.disposable, 1);
    const [free] = sample(installedDomainLists.free, 1, installedDomainLists.disposable);
    const big = await submit("booking", unique("big-example.com"), { total_calls: 50_000 });
    const throwaway = await submit("booking", unique(disposable!), { total_calls: 100 });
    const gmail = await submit("booking", unique(free!), { total_calls: 100 });
    const enterprise = await searchIds({ fit: "enterprise" });
    expect(enterprise).toContain(big);
    expect(enterprise).not.toContain(throwaway);
    expect(await searchIds({ fit: "disposable_email" })).toContain(throwaway);
    expect(await searchIds({ fit: "disposable_email" })).not.toContain(gmail);
    expect(await searchIds({ fit: "free_email" })).toContain(gmail);
    const workOnly = await searchIds({ fit: "work_email" });
    expect(workOnly).toContain(big);
    expect(workOnly).not.toContain(gmail);

    const bad = await admin("POST", "/search", { fit: "rich" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.fit).toBe("Unknown fit");
  });

  it("exports the tier and the labels", async () => {
    const [disposable] = sample(installedDomainLists.disposable, 1);
    const email = unique(disposable!);
    await submit("booking", email, { total_calls: 60_000 });
    const res = await admin("POST", "/export", {});
    expect(res.status).toBe(200);
    const [header, ...lines] = (await res.text()).trim().split("\r\n");
    const columns = header!.split(",");
    expect(columns).toEqual(expect.arrayContaining(["fit_tier", "email_kind", "fit_labels"]));
    const line = lines.find((l) => l.includes(email))!.split(",");
    expect(line[columns.indexOf("fit_tier")]).toBe(ENTERPRISE_FIT_LABEL);
    expect(line[columns.indexOf("email_kind")]).toBe("disposable");
    expect(line[columns.indexOf("fit_labels")]).toBe(`${ENTERPRISE_FIT_LABEL}; ${DISPOSABLE_EMAIL_LABEL}`);
  });
});

describe("staff notifications carry the fit", () => {
  it("the staff e-mail, the Slack message and the webhook name the lead's fit", async () => {
    const [free] = sample(installedDomainLists.free, 1, installedDomainLists.disposable);
    const email = unique(free!);
    const id = await submit("booking", email, { total_calls: 45_000, name: "Fit Insurer" });
    const worker = outboxWorkerFor(t);
    try {
      // Every due row: this lead's, and any left by the tests above.
      while ((await worker.runOnce()) > 0);
    } finally {
      await worker.stop();
    }
    const mail = smtp.messages.map((m) => mailText(m.raw)).find((m) => m.includes(email));
    expect(mail).toContain(`Fit: ${ENTERPRISE_FIT_LABEL} · ${FREE_EMAIL_LABEL}`);
    const message = slack.messages().find((m) => m.text.includes(id));
    expect(JSON.stringify(message)).toContain(`*Fit*\\n${ENTERPRISE_FIT_LABEL} · ${FREE_EMAIL_LABEL}`);
    const hook = webhook.requests.map((r) => JSON.parse(r.body) as { lead: { id: string }; fit: unknown }).find((b) => b.lead.id === id);
    expect(hook?.fit).toEqual({ tier: "enterprise", email_kind: "free", labels: [ENTERPRISE_FIT_LABEL, FREE_EMAIL_LABEL] });
    // Every notification this file's leads queued, on three channels.
  }, 60_000);
});
