import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppDeps, AppEnv } from "../app-env";
import { originGuard } from "../http/origin-guard";
import { pageCsp } from "../http/security-headers";
import { mediaType, publicErrorBody } from "../http/validation";
import { paths } from "@shared/site-routes";
import { countedLeadRefusal, knownLeadRefusal, LEAD_BODY_LIMIT_BYTES, leadIntakeFor, scriptlessRefusal, UNAVAILABLE } from "./leads";
import type { RenderedPage } from "../static-site";

/** The pages whose lead form posts to them natively, and that form's name (`data-lead-form`). */
const leadPages = [
  { path: paths.bookDemo, form: "booking" },
  { path: paths.enterprise, form: "enterprise" },
  { path: paths.contact, form: "contact" },
] as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const NOT_A_FORM = "This page accepts form submissions only.";
const MALFORMED_FORM = "The form arrived damaged. Please try again.";
const TOO_LONG = "Your message is too long to send.";

/**
 * Native posts this instance carries through the pipeline and React Router's render at once, and
 * how many more may wait for one of them. A render takes 11-18 ms of the process's one thread
 * (/book-demo, /contact, /enterprise; 15-35 ms with React's development build, under test; 0.03-0.09
 * ms for a refusal's page): a few at a time keep each short, and page loads and the JSON
 * endpoints, which never wait for a slot, are answered between them.
 * Past the queue a post is answered 503 with Retry-After from the prerendered page before
 * anything is stored: a burst of posts can neither hold the thread for long nor pile up in memory.
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
 * (docs/decisions/0501). What is refused for the post's type, size or rate is refused here,
 * ahead of React Router and never rendered: the address already over its limit (paced), a post
 * that is no form (415), too large (413) or damaged (400), counted against the address's limit
 * (docs/decisions/0102), the smaller scriptless allowance, and the render slots (503); each is
 * answered with the prerendered page and its message (StaticSite.formRefusal). Otherwise React
 * Router's server build answers the post (StaticSite.renderFormPost): the page's route action sends
 * the form to the lead intake for this request (leadIntakeFor: the pipeline the JSON endpoints
 * use) and the page renders the thank-you state or the errors beside the visitor's values.
 * Personal data never goes into a URL: the values come back in the page.
 */
export function leadPageRoutes(publicUrl: string) {
  const routes = new Hono<AppEnv>();

  for (const page of leadPages) {
    const answer = (c: Context<AppEnv>, rendered: RenderedPage) => {
      // Its inline scripts (React Router's hydration data among them) carry this answer's nonce:
      // a script the visitor's values might have smuggled in would not.
      c.header("content-security-policy", pageCsp(c.get("deps").config, [`'nonce-${rendered.nonce}'`]));
      // The answer may hold what the visitor typed: never stored by a cache.
      c.header("cache-control", "no-store");
      if (rendered.retryAfter !== null) c.header("Retry-After", rendered.retryAfter);
      return c.html(rendered.html, rendered.status as ContentfulStatusCode);
    };
    const siteOf = (c: Context<AppEnv>) => {
      const { site } = c.get("deps");
      if (!site) throw new Error("no built site to answer a form post with");
      return site;
    };
    /** A refusal without a render: the prerendered page with the message above its form. */
    const refuse = (c: Context<AppEnv>, message: string, status: 400 | 413 | 415 | 429 | 503) =>
      answer(c, siteOf(c).formRefusal(page.path, page.form, message, status));
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
        // The post as it came (its headers, its body, read once here within the limit) for the
        // page's route action to read, parsed here first so that a damaged form is refused
        // without a render. Addressed to the page on PUBLIC_URL, whose origin is the only one
        // originGuard let through: React Router refuses an action whose Origin is not its URL's.
        let post: Request;
        try {
          const url = new URL(page.path, deps.config.publicUrl);
          post = new Request(url, { method: "POST", headers: c.req.raw.headers, body: await c.req.arrayBuffer() });
          await post.clone().formData();
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
          return answer(c, await siteOf(c).renderFormPost(post, leadIntakeFor(c, "native")));
        } finally {
          release();
        }
      },
    );
  }
  return routes;
}
