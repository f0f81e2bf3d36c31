// @vitest-environment happy-dom
// The editor's Body is TipTap (ProseMirror), which needs a DOM: happy-dom, for this file only.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryRouter, useParams, type DataRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { actEnvironmentForThisFile } from "../../../../tests/support/react-act";
import type { AdminUser } from "@shared/api/admin-api";
import type { ContentAuthor, ContentEntryDetail } from "@shared/api/content-api";
import { SLUG_TAKEN_MESSAGE, STALE_SAVE_MESSAGE, type PostDraft } from "@shared/schemas/content";
import { contentKey } from "./posts-api";
import { postKey } from "./post-api";
import { PostEditorScreen } from "./post-editor";

actEnvironmentForThisFile();

const editor: AdminUser = {
  userId: "3f0c2b1a-9d8e-4c7b-8a6f-5e4d3c2b1a09",
  email: "erin@example.com",
  name: "Erin Editor",
  role: "editor",
  roles: ["editor"],
  twoFactorEnabled: true,
  passkeys: 0,
  twoFactorRequired: false,
};
const authors: ContentAuthor[] = [{ id: editor.userId, name: editor.name, email: editor.email }];
const postId = "7d9f5a52-1b7e-4c59-9a51-0c2f3f1b2a01";

function savedPost(overrides: Partial<ContentEntryDetail> = {}, draft: Partial<PostDraft> = {}): ContentEntryDetail {
  return {
    id: postId,
    status: "draft",
    title: "Answering every call",
    slug: "answering-every-call",
    publishedSlug: null,
    publishAt: null,
    firstPublishedAt: null,
    updatedAt: "2026-11-26T15:42:00.000Z",
    version: 1,
    authorName: editor.name,
    updatedByName: editor.name,
    closedAt: null,
    draft: { title: "Answering every call", slug: "answering-every-call", summary: "", body: "Original words.", cover: null, tags: [], authorUserId: editor.userId, ...draft },
    ...overrides,
  };
}

type Call = { method: string; path: string; body: unknown };
type Answer = { status: number; body: unknown };

/**
 * The studio's API as the page calls it: reads answer `post` (and empty lists); each write is
 * recorded and answered by `onWrite`. Only the network is stood in for: the page, its form, its
 * queries and its router are the real ones.
 */
function fakeApi(post: ContentEntryDetail | null, onWrite: (call: Call) => Answer) {
  const writes: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const method = init.method ?? "GET";
    const reply = ({ status, body }: Answer) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    if (method === "GET") {
      if (path === "/api/admin/content/authors") return reply({ status: 200, body: { items: authors } });
      if (path.endsWith("/revisions")) return reply({ status: 200, body: { items: [] } });
      if (post && path === `/api/admin/content/posts/${post.id}`) return reply({ status: 200, body: post });
      return reply({ status: 404, body: { error: "Not found" } });
    }
    const call = { method, path, body: JSON.parse(String(init.body)) as unknown };
    writes.push(call);
    return reply(onWrite(call));
  });
  vi.stubGlobal("fetch", fetchMock);
  return { writes };
}

let mounted: { root: Root; container: HTMLElement } | null = null;
afterEach(async () => {
  vi.unstubAllGlobals();
  if (!mounted) return;
  const { root, container } = mounted;
  await act(async () => root.unmount());
  container.remove();
  mounted = null;
});

function PostRoute() {
  const { id = null } = useParams();
  return <PostEditorScreen key={id ?? "new"} id={id} admin={editor} />;
}

/** The editor at `url` as the admin area routes it (a new post, or a saved one already fetched). */
async function mount(url: string, post: ContentEntryDetail | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData([...contentKey, "authors"], authors);
  if (post) client.setQueryData(postKey(post.id), post);
  const router: DataRouter = createMemoryRouter(
    [
      { path: "/admin/content/posts/new", element: <PostRoute /> },
      { path: "/admin/content/posts/:id", element: <PostRoute /> },
    ],
    { initialEntries: [url] },
  );
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  mounted = { root, container };
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  await settle(() => expect(container.querySelector('[role="textbox"]')).not.toBeNull());
  return { container, router, ...parts(container) };
}

function parts(container: HTMLElement) {
  const field = (label: string) => {
    const labelElement = [...container.querySelectorAll("label")].find((l) => l.textContent === label);
    const control = labelElement ? container.querySelector<HTMLInputElement>(`[id="${labelElement.htmlFor}"]`) : null;
    if (!control) throw new Error(`no field labelled ${label}`);
    return control;
  };
  const button = (name: string) => [...container.querySelectorAll("button")].find((b) => b.textContent?.trim() === name) ?? null;
  const body = () => container.querySelector<HTMLElement>('[role="textbox"]')!;
  return { field, button, body };
}

/** Waits, inside act, until `check` passes: the page's fetches, state and navigation settle. */
async function settle(check: () => void) {
  await act(() => vi.waitFor(check, { timeout: 3000, interval: 10 }));
}

/** Types into a field the way React listens for it. */
async function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** Pastes text into the Body, as a person does from another program. */
async function pasteIntoBody(area: HTMLElement, text: string) {
  const data = new DataTransfer();
  data.setData("text/html", `<p>${text}</p>`);
  data.setData("text/plain", text);
  await act(async () => {
    area.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
}

async function press(button: HTMLButtonElement | null) {
  if (!button) throw new Error("no such button");
  await act(async () => button.click());
}

const refuseAll = (): Answer => ({ status: 500, body: { error: "unexpected write" } });

describe("the post editor's slug", () => {
  it("is filled from the title as it is typed, and stays as the person edits it from then on", async () => {
    fakeApi(null, refuseAll);
    const { field } = await mount("/admin/content/posts/new", null);
    await type(field("Title"), "Answering Every Call: Café Owners");
    expect(field("Slug").value).toBe("answering-every-call-cafe-owners");
    await type(field("Slug"), "every-call");
    await type(field("Title"), "A different title");
    expect(field("Slug").value).toBe("every-call");
  });

  it("keeps following the title of a saved draft whose slug is still the title's", async () => {
    fakeApi(savedPost(), refuseAll);
    const { field } = await mount(`/admin/content/posts/${postId}`, savedPost());
    await type(field("Title"), "Answering every call at night");
    expect(field("Slug").value).toBe("answering-every-call-at-night");
  });

  it("stays put on a post that was ever published, whatever the title becomes", async () => {
    const live = savedPost({ status: "published", publishedSlug: "answering-every-call", firstPublishedAt: "2026-11-20T09:00:00.000Z" });
    fakeApi(live, refuseAll);
    const { field } = await mount(`/admin/content/posts/${postId}`, live);
    await type(field("Title"), "A new headline for a live post");
    expect(field("Slug").value).toBe("answering-every-call");
    // Unpublished since: still kept, the old address redirects only while it stays the same.
    const unpublished = { ...live, status: "draft" as const, publishedSlug: null };
    await act(async () => mounted?.root.unmount());
    mounted = null;
    fakeApi(unpublished, refuseAll);
    const again = await mount(`/admin/content/posts/${postId}`, unpublished);
    await type(again.field("Title"), "Yet another headline");
    expect(again.field("Slug").value).toBe("answering-every-call");
  });
});

describe("a refused save", () => {
  it("on a copy someone else saved first (409) keeps everything typed and says so at the top; the next save is still on the version loaded", async () => {
    const { writes } = fakeApi(savedPost(), () => ({ status: 409, body: { error: STALE_SAVE_MESSAGE } }));
    const { container, field, button, body } = await mount(`/admin/content/posts/${postId}`, savedPost());
    await type(field("Title"), "My better title");
    await type(field("Summary"), "A summary I wrote for ten minutes.");
    await pasteIntoBody(body(), "A paragraph I must not lose.");
    await press(button("Save draft"));
    await settle(() => expect(container.querySelector('[role="alert"][data-testid="post-alert"]')?.textContent).toContain(STALE_SAVE_MESSAGE));

    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: "PUT", path: `/api/admin/content/posts/${postId}`, body: { baseVersion: 1, draft: { title: "My better title" } } });
    expect(field("Title").value).toBe("My better title");
    expect(field("Summary").value).toBe("A summary I wrote for ten minutes.");
    expect(body().textContent).toContain("A paragraph I must not lose.");
    expect(container.textContent).toContain("Unsaved changes");
    // The alert has the focus, so a screen reader and a keyboard start from it.
    expect(document.activeElement?.getAttribute("data-testid")).toBe("post-alert");

    await press(button("Save draft"));
    await settle(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ body: { baseVersion: 1 } });
    expect(field("Title").value).toBe("My better title");
  });

  it("with a field message (a slug another post holds) shows it under Slug and keeps the text", async () => {
    fakeApi(null, () => ({ status: 409, body: { error: SLUG_TAKEN_MESSAGE, fieldErrors: { slug: SLUG_TAKEN_MESSAGE } } }));
    const { container, field, button, body } = await mount("/admin/content/posts/new", null);
    await type(field("Title"), "Taken");
    await pasteIntoBody(body(), "Words.");
    await press(button("Save draft"));
    const slug = field("Slug");
    await settle(() => expect(slug.getAttribute("aria-invalid")).toBe("true"));
    const message = container.querySelector(`[id="${slug.getAttribute("aria-describedby")?.split(" ")[0]}"]`);
    expect(message?.textContent).toBe(SLUG_TAKEN_MESSAGE);
    expect(field("Title").value).toBe("Taken");
    expect(body().textContent).toContain("Words.");
  });

  it("after a save that worked, the next write is made on the version it answered", async () => {
    let version = 1;
    const { writes } = fakeApi(savedPost(), (call) => {
      version++;
      const draft = (call.body as { draft: PostDraft }).draft;
      return { status: 200, body: savedPost({ version, title: draft.title }, draft) };
    });
    const { field, button, container } = await mount(`/admin/content/posts/${postId}`, savedPost());
    await type(field("Summary"), "First change.");
    await press(button("Save draft"));
    await settle(() => expect(container.textContent).not.toContain("Unsaved changes"));
    await type(field("Summary"), "Second change.");
    await press(button("Save draft"));
    await settle(() => expect(writes).toHaveLength(2));
    expect(writes.map((w) => (w.body as { baseVersion: number }).baseVersion)).toEqual([1, 2]);
  });
});

describe("Publish", () => {
  it("on a new post is one request to the one-step endpoint, and the editor then shows it Published with Unpublish", async () => {
    const newId = "c3a1e2d4-5b6f-4a7e-8d9c-0b1a2f3e4d5c";
    const { writes } = fakeApi(null, (call) => {
      const draft = (call.body as { draft: PostDraft }).draft;
      return {
        status: 201,
        body: savedPost({ id: newId, status: "published", version: 1, title: draft.title, slug: draft.slug, publishedSlug: draft.slug, firstPublishedAt: "2026-11-26T16:00:00.000Z" }, { ...draft, authorUserId: editor.userId }),
      };
    });
    const { router, field, body, button } = await mount("/admin/content/posts/new", null);
    await type(field("Title"), "Only a title");
    await pasteIntoBody(body(), "And a body.");
    await press(button("Publish"));
    await settle(() => expect(router.state.location.pathname).toBe(`/admin/content/posts/${newId}`));

    expect(writes).toEqual([
      {
        method: "POST",
        path: "/api/admin/content/posts/publish",
        body: { baseVersion: 0, draft: { title: "Only a title", slug: "only-a-title", summary: "", body: "And a body.", tags: [], authorUserId: editor.userId, cover: null } },
      },
    ]);
    const after = parts(mounted!.container);
    await settle(() => expect(after.button("Unpublish")).not.toBeNull());
    expect(mounted!.container.querySelector('[data-testid="post-status-line"] [data-testid="post-status"]')?.textContent).toBe("Published");
    expect(after.field("Title").value).toBe("Only a title");
  });

  it("on a post without a body says so under Body and sends nothing", async () => {
    const { writes } = fakeApi(null, refuseAll);
    const { container, field, button } = await mount("/admin/content/posts/new", null);
    await type(field("Title"), "No body yet");
    await press(button("Publish"));
    await settle(() => expect(container.textContent).toContain("Write the body before publishing"));
    expect(writes).toEqual([]);
  });
});
