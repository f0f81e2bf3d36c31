// @vitest-environment happy-dom
// The writes every studio entry editor shares (useEntryEditor), seen through the testimonial's
// editor: its form, its router and its toasts are the real ones; only the network is stood in for.
import { act } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryRouter, useParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reactRoots } from "../../../../tests/support/react-act";
import type { ContentEntryDetail } from "@shared/api/content-api";
import { STALE_SAVE_MESSAGE, type TestimonialDraft } from "@shared/schemas/content";
import { localDateTime } from "./post-form";
import { TestimonialEditor } from "./testimonial-editor";

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

type Call = { method: string; path: string; body: unknown };

/** Records each write and answers it with `answer(call, n)`; reads (the history) answer an empty list. */
function fakeApi(answer: (call: Call, n: number) => { status: number; body: unknown }) {
  const writes: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), "http://localhost").pathname;
      const method = init.method ?? "GET";
      const reply = ({ status, body }: { status: number; body: unknown }) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
      if (method === "GET") return reply({ status: 200, body: { items: [] } });
      const call = { method, path, body: JSON.parse(String(init.body)) as unknown };
      writes.push(call);
      return reply(answer(call, writes.length));
    }),
  );
  return writes;
}

afterEach(() => vi.unstubAllGlobals());

function Saved({ entry }: { entry: ContentEntryDetail<TestimonialDraft> | null }) {
  const { id: routeId = null } = useParams();
  return <TestimonialEditor key={routeId ?? "new"} entry={routeId ? (entry ?? stored(1)) : null} />;
}

async function mount(url: string, entry: ContentEntryDetail<TestimonialDraft> | null) {
  const router = createMemoryRouter(
    [
      { path: "/admin/content/testimonials/new", element: <Saved entry={entry} /> },
      { path: "/admin/content/testimonials/:id", element: <Saved entry={entry} /> },
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
  return { container, router, field, press, messageOf };
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
  it("create a new entry with its first save, move to its own address, and save on the version answered from then on", async () => {
    const writes = fakeApi((_, n) => ({ status: n === 1 ? 201 : 200, body: stored(n) }));
    const { router, field, press } = await mount("/admin/content/testimonials/new", null);
    await type(field("Name"), "Dana Reyes");
    await press("Save draft");
    await settle(() => expect(router.state.location.pathname).toBe(`/admin/content/testimonials/${id}`));
    expect(writes[0]).toMatchObject({ method: "POST", path: "/api/admin/content/testimonials", body: { baseVersion: 0, draft: { name: "Dana Reyes" } } });

    await type(field("Role"), "Founder");
    await press("Save draft");
    await settle(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ method: "PUT", path: `/api/admin/content/testimonials/${id}`, body: { baseVersion: 1, draft: { role: "Founder" } } });
  });

  it("put a refusal's field message by its field with no top message, and a stale save's at the top, keeping what was typed", async () => {
    const writes = fakeApi((_, n) =>
      n === 1 ? { status: 400, body: { error: "Check the highlighted fields", fieldErrors: { company: "Company is at most 120 characters" } } } : { status: 409, body: { error: STALE_SAVE_MESSAGE } },
    );
    const { container, field, press, messageOf } = await mount(`/admin/content/testimonials/${id}`, stored(3));
    await type(field("Company"), "Reyes & Partners");
    await press("Save draft");
    await settle(() => expect(field("Company").getAttribute("aria-invalid")).toBe("true"));
    expect(messageOf(field("Company"))).toContain("Company is at most 120 characters");
    expect(container.querySelector('[data-testid="testimonial-alert"]')).toBeNull();

    await press("Save draft");
    await settle(() => expect(container.querySelector('[data-testid="testimonial-alert"]')?.textContent).toContain(STALE_SAVE_MESSAGE));
    expect(container.textContent).toContain("Discard mine and load the saved version");
    expect(document.activeElement?.getAttribute("data-testid")).toBe("testimonial-alert");
    expect(field("Company").value).toBe("Reyes & Partners");
    expect(writes.map((w) => (w.body as { baseVersion: number }).baseVersion)).toEqual([3, 3]);
  });

  it("check the words before the time on Schedule, send nothing until both are right, then schedule on the version held", async () => {
    const writes = fakeApi(() => ({ status: 200, body: { ...stored(2), status: "scheduled", publishAt: "2030-01-01T09:00:00.000Z" } }));
    const { field, press, messageOf } = await mount(`/admin/content/testimonials/${id}`, stored(1, { quote: "" }));
    await press("Schedule");
    expect(field("Quote").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field("Quote"));
    expect(field("Publish at").getAttribute("aria-invalid")).not.toBe("true");

    await type(field("Quote"), "Every call answered, even at night.");
    await press("Schedule");
    const when = field("Publish at");
    expect(when.getAttribute("aria-invalid")).toBe("true");
    expect(messageOf(when)).toContain("Choose when to publish");
    expect(writes).toHaveLength(0);

    const tomorrow = localDateTime(new Date(Date.now() + 24 * 60 * 60 * 1000));
    await type(when, tomorrow);
    await press("Schedule");
    await settle(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ path: `/api/admin/content/testimonials/${id}/schedule`, body: { baseVersion: 1, publishAt: new Date(tomorrow).toISOString() } });
  });

  it("save a changed form before Preview opens its tab on what was saved, and open an unchanged one at once", async () => {
    const open = vi.fn(() => ({ opener: window }) as unknown as Window);
    vi.stubGlobal("open", open);
    const writes = fakeApi(() => ({ status: 200, body: stored(2, { role: "Founder" }) }));
    const { field, press } = await mount(`/admin/content/testimonials/${id}`, stored(1));
    await press("Preview");
    expect(writes).toHaveLength(0);
    expect(open).toHaveBeenCalledWith(`/admin/content/testimonials/${id}/preview`, "_blank");

    await type(field("Role"), "Founder");
    await press("Preview");
    await settle(() => expect(open).toHaveBeenCalledTimes(2));
    expect(writes[0]).toMatchObject({ method: "PUT", body: { baseVersion: 1, draft: { role: "Founder" } } });
  });
});
