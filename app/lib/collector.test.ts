import { afterEach, describe, expect, it, vi } from "vitest";
import { collectedEventSchema } from "@shared/schemas/analytics";

/*
 * The collector against a stand-in browser: the globals it reads (location, document, navigator,
 * requestIdleCallback, fetch) are stubbed per test and the module is loaded afresh, since its
 * state lives for one document. What a test asserts is what would leave the page.
 */

type Sent = { via: "beacon" | "fetch"; url: string; body: unknown; init?: RequestInit };

type Options = {
  url?: string;
  referrer?: string;
  readyState?: DocumentReadyState;
  gpc?: boolean;
  /** The server's runtime configuration flag (true unless given); undefined: the key is absent. */
  collectEvents?: boolean;
  beacon?: ((url: string, body: string) => boolean) | null;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
};

async function browser(options: Options = {}) {
  vi.resetModules();
  const sent: Sent[] = [];
  const idle: (() => void)[] = [];
  const windowListeners = new Map<string, (() => void)[]>();
  const documentListeners = new Map<string, ((event: Event) => void)[]>();
  const storageTouched: string[] = [];
  let href = options.url ?? "https://site.test/pricing";
  const collectEvents = "collectEvents" in options ? options.collectEvents : true;
  const runtime = { publicUrl: "https://site.test", ...(collectEvents === undefined ? {} : { collectEvents }) };

  const document = {
    readyState: options.readyState ?? "interactive",
    referrer: options.referrer ?? "",
    getElementById: (id: string) => (id === "runtime-config" ? { textContent: JSON.stringify(runtime) } : null),
    addEventListener: (type: string, listener: (event: Event) => void) => documentListeners.set(type, [...(documentListeners.get(type) ?? []), listener]),
    get cookie() {
      storageTouched.push("document.cookie");
      return "";
    },
    set cookie(_value: string) {
      storageTouched.push("document.cookie");
    },
  };
  vi.stubGlobal("document", document);
  vi.stubGlobal("location", {
    get pathname() {
      return new URL(href).pathname;
    },
    get search() {
      return new URL(href).search;
    },
    get host() {
      return new URL(href).host;
    },
  });
  const navigator: Record<string, unknown> = { globalPrivacyControl: options.gpc };
  if (options.beacon !== null) {
    navigator.sendBeacon = (url: string, body: string) => {
      const accepted = options.beacon ? options.beacon(url, body) : true;
      if (accepted) sent.push({ via: "beacon", url, body: JSON.parse(body) });
      return accepted;
    };
  }
  vi.stubGlobal("navigator", navigator);
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const answer = options.fetch ? options.fetch(url, init) : Promise.resolve(new Response(null, { status: 202 }));
    sent.push({ via: "fetch", url, body: JSON.parse(String(init.body)), init });
    return answer;
  });
  vi.stubGlobal("requestIdleCallback", (task: () => void, opts?: { timeout?: number }) => {
    expect(opts?.timeout, "an idle wait always has a timeout").toBeGreaterThan(0);
    idle.push(task);
  });
  vi.stubGlobal("addEventListener", (type: string, listener: () => void) => windowListeners.set(type, [...(windowListeners.get(type) ?? []), listener]));
  for (const name of ["localStorage", "sessionStorage", "indexedDB"]) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get: () => {
        storageTouched.push(name);
        return undefined;
      },
    });
  }

  const collector = await import("./collector");
  const fire = (type: string) => (windowListeners.get(type) ?? []).forEach((listener) => listener());
  return {
    collector,
    sent,
    storageTouched,
    /** Runs every idle callback waiting now (and only those). */
    idle: () => idle.splice(0).forEach((task) => task()),
    idleWaiting: () => idle.length,
    load: () => {
      document.readyState = "complete";
      fire("load");
    },
    fire,
    navigate: (url: string) => {
      href = new URL(url, href).href;
    },
    /** An input event in a form with this data-funnel-form (null: outside any lead form). */
    input: (form: string | null, isTrusted = true) => {
      const target = { closest: (selector: string) => (form && selector === "[data-funnel-form]" ? { getAttribute: () => form } : null) };
      for (const listener of documentListeners.get("input") ?? []) listener({ isTrusted, target } as unknown as Event);
    },
    bodies: () => sent.map((s) => s.body),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of ["localStorage", "sessionStorage", "indexedDB"]) delete (globalThis as Record<string, unknown>)[name];
});

describe("when the collector sends", () => {
  it("sends nothing before the load event and an idle moment after it; then the first page view with its referrer and UTM", async () => {
    const b = await browser({
      url: "https://site.test/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=spring&name=Ann",
      referrer: "https://news.example.com/issue/12?reader=ann@example.com",
    });
    b.collector.collectPageView();
    b.collector.collect("cta_click", "pricing");
    expect(b.sent).toEqual([]);
    expect(b.idleWaiting(), "no idle wait before the load event").toBe(0);
    b.load();
    expect(b.sent).toEqual([]);
    b.idle();
    expect(b.bodies()).toEqual([
      {
        name: "page_view",
        path: "/pricing",
        referrer: "https://news.example.com",
        utm: { source: "newsletter", medium: "email", campaign: "spring" },
      },
      { name: "cta_click", path: "/pricing", detail: "pricing" },
    ]);
    // One request per event, each a beacon to the endpoint, each accepted by the server's schema.
    expect(b.sent.map((s) => [s.via, s.url])).toEqual([
      ["beacon", "/api/events"],
      ["beacon", "/api/events"],
    ]);
    for (const body of b.bodies()) expect(collectedEventSchema.safeParse(body).success).toBe(true);
    expect(b.storageTouched, "no cookie or storage is read or written").toEqual([]);
  });

  it("once the page is up, a later event goes at the next idle moment, not inside the tap's task", async () => {
    const b = await browser({ readyState: "complete" });
    b.collector.collectPageView();
    b.idle();
    expect(b.sent).toHaveLength(1);
    b.collector.collect("dialog_open", "booking");
    b.collector.collect("demo_play");
    expect(b.sent).toHaveLength(1);
    b.idle();
    expect(b.bodies().slice(1)).toEqual([
      { name: "dialog_open", path: "/pricing", detail: "booking" },
      { name: "demo_play", path: "/pricing" },
    ]);
  });

  it("a page left before it is up still sends what it queued (a beacon outlives the page)", async () => {
    const b = await browser();
    b.collector.collectPageView();
    b.collector.collect("cta_click", "hero");
    b.fire("pagehide");
    expect(b.bodies().map((e) => (e as { name: string }).name)).toEqual(["page_view", "cta_click"]);
  });
});

describe("what is never collected", () => {
  it("nothing at all with Global Privacy Control on: no request, no listener", async () => {
    const b = await browser({ gpc: true, readyState: "complete" });
    b.collector.collectPageView();
    b.collector.collect("cta_click", "navbar");
    b.input("booking");
    b.load();
    b.fire("pagehide");
    b.idle();
    expect(b.sent).toEqual([]);
    expect(b.idleWaiting()).toBe(0);
  });

  it("nothing when the server does not say it counts events (its endpoint would answer 404, a console error)", async () => {
    for (const collectEvents of [undefined, false]) {
      const b = await browser({ collectEvents, readyState: "complete" });
      b.collector.collectPageView();
      b.collector.collect("cta_click", "navbar");
      b.idle();
      b.fire("pagehide");
      expect(b.sent).toEqual([]);
    }
  });

  it("no page or event of the staff area", async () => {
    const b = await browser({ url: "https://site.test/admin/leads", readyState: "complete" });
    b.collector.collectPageView();
    b.collector.collect("cta_click", "navbar");
    b.navigate("/admin");
    b.collector.collectPageView();
    b.navigate("/administrators");
    b.collector.collectPageView();
    b.idle();
    expect(b.bodies()).toEqual([{ name: "page_view", path: "/administrators" }]);
  });
});

describe("page views", () => {
  const ready = async (options: Options) => {
    const b = await browser({ readyState: "complete", ...options });
    b.collector.collectPageView();
    b.idle();
    return b;
  };

  it("a client-side navigation is a page view without the referrer; the same path again is not", async () => {
    const b = await ready({ referrer: "https://www.google.com/" });
    b.collector.collectPageView();
    b.navigate("/faq#pricing");
    b.collector.collectPageView();
    b.navigate("/pricing?utm_campaign=retarget");
    b.collector.collectPageView();
    b.idle();
    expect(b.bodies()).toEqual([
      { name: "page_view", path: "/pricing", referrer: "https://www.google.com" },
      { name: "page_view", path: "/faq" },
      { name: "page_view", path: "/pricing", utm: { campaign: "retarget" } },
    ]);
  });

  it("a referrer from the site itself, or one that is not a URL, is left out", async () => {
    for (const referrer of ["https://site.test/compare", "", "not a url", "about:blank"]) {
      const b = await ready({ referrer });
      expect(b.bodies()).toEqual([{ name: "page_view", path: "/pricing" }]);
    }
    const app = await ready({ referrer: "android-app://com.google.android.gm/" });
    expect(app.bodies()).toEqual([{ name: "page_view", path: "/pricing", referrer: "android-app://com.google.android.gm" }]);
  });

  it("UTM values are trimmed and cut to the server's limit; empty ones are left out; paths fit the server's pattern", async () => {
    const long = "x".repeat(150);
    const b = await ready({ url: `https://site.test//${"p".repeat(400)}?utm_source=%20ads%20&utm_medium=&utm_campaign=${long}&utm_term=t` });
    const [view] = b.bodies() as { path: string; utm: Record<string, string> }[];
    expect(view!.path).toBe(`/${"p".repeat(299)}`);
    expect(view!.utm).toEqual({ source: "ads", campaign: "x".repeat(100) });
    expect(collectedEventSchema.safeParse(view).success).toBe(true);
  });

  it("an event before the first page view (a tap kept before hydration, replayed) comes after that page view", async () => {
    const b = await browser({ readyState: "complete", referrer: "https://ads.example.net/c" });
    b.collector.collect("cta_click", "hero");
    b.collector.collectPageView();
    b.idle();
    expect(b.bodies()).toEqual([
      { name: "page_view", path: "/pricing", referrer: "https://ads.example.net" },
      { name: "cta_click", path: "/pricing", detail: "hero" },
    ]);
  });
});

describe("form starts", () => {
  it("the first input into each lead form, once per form per page view; not input elsewhere or made by a script", async () => {
    const b = await browser({ readyState: "complete", url: "https://site.test/enterprise" });
    b.collector.collectPageView();
    b.input(null);
    b.input("enterprise_inline", false);
    b.input("enterprise_inline");
    b.input("enterprise_inline");
    b.input("enterprise_dialog");
    b.input("enterprise_dialog");
    b.navigate("/contact");
    b.collector.collectPageView();
    b.input("contact");
    b.input("contact");
    b.navigate("/enterprise");
    b.collector.collectPageView();
    b.input("enterprise_inline");
    b.idle();
    expect(b.bodies()).toEqual([
      { name: "page_view", path: "/enterprise" },
      { name: "form_start", path: "/enterprise", detail: "enterprise_inline" },
      { name: "form_start", path: "/enterprise", detail: "enterprise_dialog" },
      { name: "page_view", path: "/contact" },
      { name: "form_start", path: "/contact", detail: "contact" },
      { name: "page_view", path: "/enterprise" },
      { name: "form_start", path: "/enterprise", detail: "enterprise_inline" },
    ]);
  });
});

describe("transports: a beacon, else fetch with keepalive; failures stay silent", () => {
  const oneEvent = async (options: Options) => {
    const b = await browser({ readyState: "complete", ...options });
    b.collector.collectPageView();
    b.idle();
    return b;
  };

  it("a beacon the browser refuses goes by fetch, keepalive, without credentials, as the same text body", async () => {
    const b = await oneEvent({ beacon: () => false });
    expect(b.sent).toHaveLength(1);
    const [{ via, url, init, body }] = b.sent as [Sent];
    expect([via, url]).toEqual(["fetch", "/api/events"]);
    expect(init).toMatchObject({ method: "POST", keepalive: true, credentials: "omit" });
    // A string body: sent as text/plain, which the server takes (shared/schemas/analytics.ts).
    expect(typeof init!.body).toBe("string");
    expect(init!.headers).toBeUndefined();
    expect(body).toEqual({ name: "page_view", path: "/pricing" });
  });

  it("without sendBeacon, or when it throws, fetch sends it", async () => {
    expect((await oneEvent({ beacon: null })).sent.map((s) => s.via)).toEqual(["fetch"]);
    const throwing = await oneEvent({
      beacon: () => {
        throw new TypeError("Illegal invocation");
      },
    });
    expect(throwing.sent.map((s) => s.via)).toEqual(["fetch"]);
  });

  it("a fetch that fails (offline, 404, thrown) breaks nothing and logs nothing", async () => {
    await oneEvent({ beacon: () => false, fetch: () => Promise.reject(new TypeError("Failed to fetch")) });
    await oneEvent({ beacon: () => false, fetch: () => Promise.resolve(new Response("{}", { status: 404 })) });
    await oneEvent({
      beacon: () => false,
      fetch: () => {
        throw new TypeError("fetch is not allowed");
      },
    });
    // An unhandled rejection would fail the run; console.error fails the test (vitest-setup.ts).
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("without requestIdleCallback (Safari), a timer stands in for the idle moment", async () => {
    vi.useFakeTimers();
    try {
      const b = await browser({ readyState: "complete" });
      vi.stubGlobal("requestIdleCallback", undefined);
      b.collector.collectPageView();
      expect(b.sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(b.sent).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
