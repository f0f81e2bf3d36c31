/**
 * The bare baseline `npm run bench:leads` measures the lead endpoint against: a Hono route on
 * @hono/node-server doing the endpoint's own work and nothing else, the same zod parse of the
 * booking dialog's body and one INSERT of the lead into the same database (PostgreSQL with the
 * server's pool size), or, for the embedded database, a copy of the migrated template of its own
 * (one PGlite cannot be shared by two processes). Started by scripts/bench-leads.ts:
 *
 *   PORT=... DATABASE_URL=... | DATA_DIR=...  tsx scripts/bench-leads-baseline.ts
 */
import crypto from "node:crypto";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { bookingDialogRequestSchema } from "@shared/schemas/booking-request";
import { CONSENT_TEXT_VERSION } from "@shared/schemas/consent-text";
import { openDatabase } from "../server/db/client";
import { leads } from "../server/db/schema";

const port = Number(process.env.PORT);
const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL })
  : await openDatabase({ kind: "pglite", dataDir: process.env.DATA_DIR! });
const { db } = database;

const app = new Hono();
app.get("/health", (c) => c.json({ ok: true }));
app.post("/submit-booking", async (c) => {
  const parsed = bookingDialogRequestSchema.safeParse(await c.req.json());
  if (!parsed.success) return c.json({ success: false }, 400);
  const v = parsed.data;
  await db.insert(leads).values({
    id: crypto.randomUUID(),
    kind: "booking_inquiry",
    source: "booking_dialog",
    name: v.name,
    jobTitle: v.job_title,
    email: v.work_email,
    company: v.company_name,
    totalCalls: v.total_calls ?? null,
    tcpaConsent: v.tcpa_consent,
    consentTextVersion: CONSENT_TEXT_VERSION,
    idempotencyKey: `baseline-${crypto.randomUUID()}`,
    clientIp: c.req.header("x-forwarded-for") ?? null,
  });
  return c.json({ success: true });
});

const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
const stop = () => server.close(() => void database.close().then(() => process.exit(0)));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
