import crypto from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps, AppEnv } from "../app-env";
import { clientIp } from "../http/client-ip";
import { originGuard, sameOriginUrl } from "../http/origin-guard";
import { utcDay } from "@shared/utc-day";
import { pageCsp } from "../http/security-headers";
import { mediaType, publicErrorBody } from "../http/validation";
import { submitBooking, submitContact, type LeadAnswer, type LeadBody, type RequestMeta } from "../leads/lead-requests";
import { schedulerLinksFor, type NativeLeadForm } from "../leads/scheduler-links";
import type { NativeFormState } from "@shared/native-form-answer";
import { ATTRIBUTION_KEYS } from "@shared/schemas/attribution-keys";
import { HONEYPOT_FIELD } from "@shared/schemas/lead-meta";
import { paths } from "@shared/site-routes";
import { countedLeadRefusal, knownLeadRefusal, LEAD_BODY_LIMIT_BYTES, leadLimit, scriptlessRefusal, UNAVAILABLE } from "./leads";
import type { RenderedPage } from "../static-site";
import { countFunnelStep } from "../analytics/ingest";

/**
 * A page whose lead form posts to it natively: the form's fields as the page sends them, and how
 * they reach the submission pipeline the JSON endpoints use (server/leads/lead-requests.ts).
 */
type LeadPage = {
  path: string;
  form: NativeLeadForm;
  submit: (deps: AppDeps, body: LeadBody, meta: RequestMeta) => Promise<LeadAnswer>;
  /** Text fields, posted as typed. */
  text: readonly string[];
  /** The pipeline's body from the posted fields. */
  body: (posted: Record<string, string>, has: (name: string) => boolean) => LeadBody;
};

const identity = ["name", "job_title", "work_email", "company_name"] as const;

const leadPages: readonly LeadPage[] = [
  {
    path: paths.bookDemo,
    form: "booking",
    submit: submitBooking,
    text: [...identity, "total_calls"],
    body: (p, has) => ({
      ...p,
      source_form: "booking_dialog",
      // An empty number box is no number, as it is for the enhanced form.
      total_calls: p.total_calls === undefined || p.total_calls.trim() === "" ? undefined : Number(p.total_calls),
      tcpa_consent: has("tcpa_consent"),
    }),
  },
  {
    path: paths.enterprise,
    form: "enterprise",
    submit: submitBooking,
    text: [...identity, "ai_goal", "source_form"],
    body: (p, has) => ({
      ...p,
      source_form: p.source_form === "enterprise_dialog" ? "enterprise_dialog" : "enterprise_inline",
      total_calls: null,
      tcpa_consent: has("tcpa_consent"),
    }),
  },
  {
    path: paths.contact,
    form: "contact",
    submit: submitContact,
    text: ["name", "company", "role", "email", "phone", "industry", "company_size", "notes"],
    body: (p) => ({ ...p }),
  },
];

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const NOT_A_FORM = "This page accepts form submissions only.";
const MALFORMED_FORM = "The form arrived damaged. Please try again.";
const TOO_LONG = "Your message is too long to send.";

/**
 * Where the form was: the page that posted it (the Referer, on this site only) and the campaign
 * parameters in its address. Without JavaScript there is no record of the landing visit.
 */
function attributionFromReferer(referer: string | undefined, publicUrl: string) {
  const url = sameOriginUrl(referer, publicUrl);
  if (!url) return {};
  const attribution: Record<string, string> = { page_path: url.pathname };
  for (const key of ATTRIBUTION_KEYS) {
    const value = url.searchParams.get(key);
    if (value) attribution[key] = value;
  }
  return attribution;
}

/**
 * The same submission sent again (a reload of the answer, a double press) is the same lead: its
 * key is derived from the form, the address, the values and the day, never from anything the
 * visitor could not repeat. The pipeline then answers success without a second row.
 */
function nativeIdempotencyKey(page: LeadPage, ip: string, body: LeadBody): string {
  const day = utcDay(Date.now());
  const digest = crypto.createHash("sha256").update(JSON.stringify([page.path, ip, day, body])).digest("hex");
  return `native-${digest.slice(0, 48)}`;
}

/**
 * Native posts this instance carries through the pipeline and React Router's render at once, and
 * how many more may wait for one of them. A render takes 40-70 ms of the process's one thread
 * (docs/performance.md): a few at a time keep each short, and page loads and the JSON endpoints,
 * which never wait for a slot, are answered between them. Past the queue a post is answered 503
 * with Retry-After from the prerendered page before anything is stored: a burst of posts can
 * neither hold the thread for long nor pile up in memory.
 */
export const MAX_CONCURRENT_RENDERS = 4;
export const MAX_QUEUED_RENDERS = 12;
const BUSY_RETRY_AFTER_SECONDS = 2;

/** Slots for a post's pipeline and render, handed over in order of arrival. */
export class RenderSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting: number,
  ) {}

  /** Posts waiting for a slot right now (for tests). */
  get queued(): number {
    return this.waiting.length;
  }

  /** A slot and how to give it back, once one is free; null at once when the queue is full. */
  async take(): Promise<(() => void) | null> {
    if (this.running < this.max) this.running++;
    else if (this.waiting.length >= this.maxWaiting) return null;
    // A slot given back goes to the next post waiting without ever being free.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }
}

/** One set per app (one instance), as the refusal pacer (server/routes/leads.ts). */
const slots = new WeakMap<AppDeps, RenderSlots>();

export function renderSlotsOf(deps: AppDeps): RenderSlots {
  let of = slots.get(deps);
  if (!of) slots.set(deps, (of = new RenderSlots(MAX_CONCURRENT_RENDERS, MAX_QUEUED_RENDERS)));
  return of;
}

/**
 * Native form posts to the pages that hold a lead form (POST /book-demo, /enterprise, /contact):
 * a browser without JavaScript, or whose scripts failed, sends the form here
 * (docs/decisions/0501). The checks and the pipeline are those of the JSON endpoints (origin,
 * body limit, per-address rate limit, with the bot check on a smaller scriptless allowance of its
 * own too (docs/decisions/0501), honeypot, the shared schema, one transaction with the
 * outbox); the answer is the page itself, rendered by React Router with this answer as its
 * route action's data: the thank-you state, or the errors beside the visitor's values. Personal
 * data never goes into a URL: the values come back in the page.
 *
 * A render costs tens of milliseconds of the one thread, so what is refused before the pipeline
 * (the address over its limit, a post that is no form, too large or damaged, the render cap) is
 * answered with the prerendered page and its message, never rendered; and a post refused for its
 * envelope is counted against the address's limit, so that a client sending nothing else is soon
 * refused from memory and paced, as the JSON endpoints' flooders are (docs/decisions/0102). A
 * post that passes waits for a render slot (RenderSlots).
 */
export function leadPageRoutes(publicUrl: string) {
  const routes = new Hono<AppEnv>();

  for (const page of leadPages) {
    type Status = 200 | 400 | 403 | 409 | 413 | 415 | 429 | 503;
    const answer = (c: Context<AppEnv>, rendered: RenderedPage) => {
      // Its inline scripts (React Router's hydration data among them) carry this answer's nonce:
      // a script the visitor's values might have smuggled in would not.
      c.header("content-security-policy", pageCsp(c.get("deps").config, [`'nonce-${rendered.nonce}'`]));
      // The answer may hold what the visitor typed: never stored by a cache.
      c.header("cache-control", "no-store");
      return c.html(rendered.html, rendered.status as Status);
    };
    const siteOf = (c: Context<AppEnv>) => {
      const { site } = c.get("deps");
      if (!site) throw new Error("no built site to answer a form post with");
      return site;
    };
    const respond = async (c: Context<AppEnv>, state: NativeFormState, status: Status) =>
      // The page's own address; nothing of the post is read again (its body is already parsed).
      answer(c, await siteOf(c).answerFormPost(new Request(new URL(page.path, c.req.url), { method: "POST" }), { state, status }));
    /** A refusal without a render: the prerendered page with the message above its form. */
    const refuse = (c: Context<AppEnv>, error: string, status: 400 | 413 | 415 | 429 | 503) =>
      answer(c, siteOf(c).formRefusal(page.path, page.form, error, status));
    /** A refusal of the post's envelope, counted against the address's limit first. */
    const refuseCounted = async (c: Context<AppEnv>, message: string, status: 400 | 413 | 415) => {
      let limited: Awaited<ReturnType<typeof countedLeadRefusal>>;
      try {
        limited = await countedLeadRefusal(c);
      } catch (error) {
        c.get("deps").logger.error({ err: error, path: c.req.path }, "lead submission failed");
        return refuse(c, UNAVAILABLE, 503);
      }
      return limited ? refuse(c, limited.error, limited.status) : refuse(c, message, status);
    };

    /** The pipeline (which counts the post against the address's limit) and the page it answers. */
    const submitAndRender = async (c: Context<AppEnv>, raw: Awaited<ReturnType<typeof c.req.parseBody>>) => {
      const deps = c.get("deps");
      const posted: Record<string, string> = {};
      for (const name of page.text) {
        const value = raw[name];
        if (typeof value === "string") posted[name] = value;
      }
      const has = (name: string) => typeof raw[name] === "string";
      const values: Record<string, string | boolean> = { ...posted, tcpa_consent: has("tcpa_consent") };
      const ip = clientIp(c, deps.config.trustProxyHeader);
      const body: LeadBody = page.body(posted, has);
      const honeypot = raw[HONEYPOT_FIELD];
      const meta: RequestMeta = {
        clientIp: ip,
        userAgent: c.req.header("user-agent") ?? null,
        idempotencyHeader: nativeIdempotencyKey(page, ip, body),
        withoutScript: true,
        limit: leadLimit(c),
      };
      const submission: LeadBody = {
        ...body,
        ...(typeof honeypot === "string" && honeypot !== "" ? { [HONEYPOT_FIELD]: honeypot } : {}),
        attribution: attributionFromReferer(c.req.header("referer"), deps.config.publicUrl),
      };

      let answer: LeadAnswer;
      try {
        answer = await page.submit(deps, submission, meta);
      } catch (error) {
        deps.logger.error({ err: error, path: c.req.path }, "lead submission failed");
        return respond(c, { outcome: "invalid", values, fieldErrors: {}, error: UNAVAILABLE }, 503);
      }
      if (answer.retryAfterSeconds !== undefined) c.header("Retry-After", String(answer.retryAfterSeconds));
      if (answer.body.success) {
        countFunnelStep(c, "submission", submission);
        const links = schedulerLinksFor(page.form, body, deps.config.runtime, answer.body.reference ?? null);
        return respond(c, { outcome: "stored", ...links }, 200);
      }
      const { error, fieldErrors = {} } = answer.body;
      return respond(c, { outcome: "invalid", values, fieldErrors, error: Object.keys(fieldErrors).length > 0 ? null : error }, answer.status === 200 ? 400 : answer.status);
    };

    routes.post(
      page.path,
      originGuard({ publicUrl, errorBody: publicErrorBody }),
      async (c, next) => {
        // An address this instance knows is over its limit, before anything of the post is read.
        const known = await knownLeadRefusal(c);
        if (known) return refuse(c, known.error, known.status);
        // The type before the body: a post that is no form is refused without reading any of it.
        if (!FORM_TYPES.includes(mediaType(c.req.header("content-type")))) return refuseCounted(c, NOT_A_FORM, 415);
        await next();
      },
      bodyLimit({ maxSize: LEAD_BODY_LIMIT_BYTES, onError: (c) => refuseCounted(c, TOO_LONG, 413) }),
      async (c) => {
        const deps = c.get("deps");
        let raw: Awaited<ReturnType<typeof c.req.parseBody>>;
        try {
          raw = await c.req.parseBody();
        } catch {
          return refuseCounted(c, MALFORMED_FORM, 400);
        }
        let scriptless: Awaited<ReturnType<typeof scriptlessRefusal>>;
        try {
          scriptless = await scriptlessRefusal(c);
        } catch (error) {
          deps.logger.error({ err: error, path: c.req.path }, "lead submission failed");
          return refuse(c, UNAVAILABLE, 503);
        }
        if (scriptless) return refuse(c, scriptless.error, scriptless.status);
        const release = await renderSlotsOf(deps).take();
        if (!release) {
          c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
          return refuse(c, UNAVAILABLE, 503);
        }
        try {
          return await submitAndRender(c, raw);
        } finally {
          release();
        }
      },
    );
  }
  return routes;
}
