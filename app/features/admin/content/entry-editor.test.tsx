// @vitest-environment happy-dom
// The writes every studio entry editor shares (useEntryEditor), seen through the testimonial's
// editor: its screen, form, queries and router are the real ones; only the network (and the
// preview tab) are stood in for, and the toasts are read as they are raised.
import { act } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryRouter, useParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reactRoots } from "../../../../tests/support/react-act";
import type { ContentEntryDetail } from "@shared/api/content-api";
import { STALE_SAVE_MESSAGE, type TestimonialDraft } from "@shared/schemas/content";
import { localDateTime } from "./post-form";
import { toast } from "~/lib/toast";
import { TestimonialScreen } from "./testimonial-editor";

const mountRoot = reactRoots();
const id = "0b6c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d";

const stored = (version: number, draft: Partial<TestimonialDraft> = {}): ContentEntryDetail<TestimonialDraft> => ({
  id,
  status: "draft",
  title: "Dana Reyes",
  slug: id,
  publishedSlug: null,
  publishAt: null,
  firstPublishedAt: null,
  updatedAt: "2026-12-01T10:00:00.000Z",
  version,
  authorName: "Erin Editor",
  updatedByName: "Erin Editor",
  closedAt: null,
  draft: { quote: "They answer every call now.", name: "Dana Reyes", role: "Owner", company: "Reyes Law", industry: "law", photo: null, figure: null, order: 100, example: false, ...draft },
});

type Step = { kind: "write"; method: string; path: string; body: unknown } | { kind: "open"; url: string };
type Answer = { status: number; body: unknown };

/**
 * The studio's API for one testimonial, `saved` until a write answers another: each write is
 * recorded in `steps` and answered by `answer(write, n)`; a successful one becomes what a read
 * answers. Reads of the history answer an empty list. Opened tabs are recorded in `steps` too.
 */
function fakeApi(saved: ContentEntryDetail<TestimonialDraft> | null, answer: (write: Step & { kind: "write" }, n: number) => Answer) {
  const steps: Step[] = [];
  let current = saved;
  const reply = ({ status, body }: Answer) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), "http://localhost").pathname;
      const method = init.method ?? "GET";
      if (method === "GET") return path === `/api/admin/content/testimonials/${id}` && current ? reply({ status: 200, body: current }) : reply({ status: 200, body: { items: [] } });
      const write = { kind: "write" as const, method, path, body: JSON.parse(String(init.body)) as unknown };
      steps.push(write);
      const answered = answer(write, steps.filter((s) => s.kind === "write").length);
      if (answered.status < 300) current = answered.body as ContentEntryDetail<TestimonialDraft>;
      return reply(answered);
    }),
  );
  vi.stubGlobal(
    "open",
    vi.fn((url: string) => {
      steps.push({ kind: "open", url });
      return { opener: window } as unknown as Window;
    }),
  );
  const writes = () => steps.filter((s): s is Step & { kind: "write" } => s.kind === "write");
  const versions = () => writes().map((w) => (w.body as { baseVersion: number }).baseVersion);
  return { steps, writes, versions };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function EditorRoute() {
  const { id: routeId = null } = useParams();
  return <TestimonialScreen id={routeId} />;
}

async function mount(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/admin/content/testimonials/new", element: <EditorRoute /> },
      { path: "/admin/content/testimonials/:id", element: <EditorRoute /> },
    ],
    { initialEntries: [url] },
  );
  const { root, container } = mountRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  const field = (label: string) => {
    const element = [...container.querySelectorAll("label")].find((l) => l.textContent === label);
    const control = element ? container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[id="${element.htmlFor}"]`) : null;
    if (!control) throw new Error(`no field labelled ${label}`);
    return control;
  };
  const press = async (name: string) => {
    const button = [...container.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);
    if (!button) throw new Error(`no button ${name}`);
    await act(async () => button.click());
  };
  const messageOf = (control: Element) => container.querySelector(`[id="${control.getAttribute("aria-describedby")?.split(" ")[0]}"]`)?.textContent;
  const topMessage = () => container.querySelector('[data-testid="testimonial-alert"]')?.textContent ?? null;
  await settle(() => expect(container.querySelector("form")).not.toBeNull());
  return { container, router, field, press, messageOf, topMessage };
}

async function type(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(control, value);
    control.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function settle(check: () => void) {
  await act(() => vi.waitFor(check, { timeout: 3000, interval: 10 }));
}

describe("a studio entry's writes", () => {
  it("create a new entry with its first save and replace the address with its own", async () => {
    const toasts = vi.spyOn(toast, "success");
    const api = fakeApi(null, () => ({ status: 201, body: stored(1) }));
    const { router, field, press } = await mount("/admin/content/testimonials/new");
    await type(field("Name"), "Dana Reyes");
    await press("Save draft");
    await settle(() => expect(router.state.location.pathname).toBe(`/admin/content/testimonials/${id}`));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(api.writes()).toEqual([{ kind: "write", method: "POST", path: "/api/admin/content/testimonials", body: expect.objectContaining({ baseVersion: 0, draft: expect.objectContaining({ name: "Dana Reyes" }) }) }]);
    expect(toasts).toHaveBeenCalledWith("Draft saved");
  });

  it("send each write on the version the last one answered, and say what each did", async () => {
    const toasts = vi.spyOn(toast, "success");
    const api = fakeApi(stored(3), (write, n) => ({ status: 200, body: { ...stored(3 + n), status: write.path.endsWith("/publish") ? "published" : "draft" } }));
    const { field, press } = await mount(`/admin/content/testimonials/${id}`);
    await type(field("Role"), "Founder");
    await press("Save draft");
    await settle(() => expect(api.versions()).toEqual([3]));
    await type(field("Role"), "Founding partner");
    await press("Publish");
    await settle(() => expect(api.versions()).toEqual([3, 4]));
    await press("Unpublish");
    await settle(() => expect(api.versions()).toEqual([3, 4, 5]));
    expect(api.writes().map((w) => `${w.method} ${w.path.replace(`/api/admin/content/testimonials/${id}`, "")}`)).toEqual(["PUT ", "POST /publish", "POST /unpublish"]);
    await settle(() => expect(toasts.mock.calls.map(([text]) => text)).toEqual(["Draft saved", "Testimonial published", "Testimonial unpublished"]));
  });

  it("put a refusal's messages by their fields; a refusal no field here explains, or a stale one, at the top, keeping what was typed", async () => {
    const answers: Answer[] = [
      { status: 400, body: { error: "Check the highlighted fields", fieldErrors: { company: "Company is at most 120 characters", slug: "Not a field of this form" } } },
      { status: 400, body: { error: "The draft could not be read", fieldErrors: { slug: "Not a field of this form" } } },
      { status: 409, body: { error: STALE_SAVE_MESSAGE, fieldErrors: { company: "Company is at most 120 characters" } } },
    ];
    const api = fakeApi(stored(3), (_, n) => answers[n - 1]!);
    const { container, field, press, messageOf, topMessage } = await mount(`/admin/content/testimonials/${id}`);
    await type(field("Company"), "Reyes & Partners");

    await press("Save draft");
    await settle(() => expect(field("Company").getAttribute("aria-invalid")).toBe("true"));
    expect(messageOf(field("Company"))).toContain("Company is at most 120 characters");
    expect(topMessage()).toBeNull();

    await press("Save draft");
    await settle(() => expect(topMessage()).toContain("The draft could not be read"));
    expect(field("Company").getAttribute("aria-invalid")).not.toBe("true");

    await press("Save draft");
    await settle(() => expect(topMessage()).toContain(STALE_SAVE_MESSAGE));
    expect(field("Company").getAttribute("aria-invalid")).toBe("true");
    expect(container.textContent).toContain("Discard mine and load the saved version");
    expect(document.activeElement?.getAttribute("data-testid")).toBe("testimonial-alert");
    expect(field("Company").value).toBe("Reyes & Partners");
    expect(api.versions()).toEqual([3, 3, 3]);
  });

  it("check the words before the time on Schedule, send nothing until both are right, then schedule on the version held", async () => {
    const toasts = vi.spyOn(toast, "success");
    const api = fakeApi(stored(1, { quote: "" }), () => ({ status: 200, body: { ...stored(2), status: "scheduled", publishAt: new Date(Date.now() + 86_400_000).toISOString() } }));
    const { field, press, messageOf } = await mount(`/admin/content/testimonials/${id}`);
    await press("Schedule");
    expect(field("Quote").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field("Quote"));
    expect(field("Publish at").getAttribute("aria-invalid")).not.toBe("true");

    await type(field("Quote"), "Every call answered, even at night.");
    await press("Schedule");
    const when = field("Publish at");
    expect(when.getAttribute("aria-invalid")).toBe("true");
    expect(messageOf(when)).toContain("Choose when to publish");
    expect(api.writes()).toHaveLength(0);

    const tomorrow = localDateTime(new Date(Date.now() + 24 * 60 * 60 * 1000));
    await type(when, tomorrow);
    await press("Schedule");
    await settle(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ path: `/api/admin/content/testimonials/${id}/schedule`, body: { baseVersion: 1, publishAt: new Date(tomorrow).toISOString() } });
    await settle(() => expect(toasts).toHaveBeenCalledWith("Testimonial scheduled"));
  });

  it("open Preview at once on a form as saved, and on a changed one only after saving it", async () => {
    const toasts = vi.spyOn(toast, "success");
    const api = fakeApi(stored(1), () => ({ status: 200, body: stored(2, { role: "Founder" }) }));
    const { field, press } = await mount(`/admin/content/testimonials/${id}`);
    const preview = { kind: "open", url: `/admin/content/testimonials/${id}/preview` };
    await press("Preview");
    expect(api.steps).toEqual([preview]);

    await type(field("Role"), "Founder");
    await press("Preview");
    await settle(() => expect(api.steps).toHaveLength(3));
    expect(api.steps.slice(1)).toEqual([expect.objectContaining({ kind: "write", method: "PUT", body: expect.objectContaining({ baseVersion: 1, draft: expect.objectContaining({ role: "Founder" }) }) }), preview]);
    expect(toasts.mock.calls).toEqual([["Draft saved"]]);
  });
});
