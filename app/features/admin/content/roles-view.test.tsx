// @vitest-environment happy-dom
// The studio's roles list as an editor reads it: its list, queries and router are the real ones;
// only the network is stood in for.
import { act } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { reactRoots } from "../../../../tests/support/react-act";
import type { ContentEntryDetail } from "@shared/api/content-api";
import type { RoleDraft } from "@shared/schemas/content";
import { formatDateTime } from "../format";
import { RolesView } from "./roles-view";

const mountRoot = reactRoots();
afterEach(() => vi.unstubAllGlobals());

let n = 0;
function role(title: string, closesAt: string, more: Partial<ContentEntryDetail<RoleDraft>> = {}): ContentEntryDetail<RoleDraft> {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    status: "draft",
    title,
    slug: title.toLowerCase().replaceAll(" ", "-"),
    publishedSlug: null,
    publishAt: null,
    firstPublishedAt: null,
    updatedAt: "2026-12-01T10:00:00.000Z",
    version: 1,
    authorName: "Erin Editor",
    updatedByName: "Erin Editor",
    closedAt: null,
    draft: { title, team: "Support", remote: false, city: "Denver", region: "", country: "US", employmentType: "FULL_TIME", description: "", applyEmail: "", closesAt },
    ...more,
  };
}

it("gives each role's status and closing date: Closed on the date that closed it, Closes on a new one set since, and no date yet", async () => {
  const items = [
    role("Night Support Lead", "2026-11-20T17:00:00.000Z", { closedAt: "2026-11-20T17:00:01.000Z" }),
    role("Weekend Support Lead", "2027-02-01T17:00:00.000Z", { closedAt: "2026-11-20T17:00:01.000Z" }),
    role("Intake Specialist", "2027-01-15T17:00:00.000Z", { status: "published", publishedSlug: "intake-specialist" }),
    role("Paralegal Assistant", ""),
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ items }), { status: 200, headers: { "Content-Type": "application/json" } })),
  );
  const router = createMemoryRouter([{ path: "/admin/content/roles", element: <RolesView /> }], { initialEntries: ["/admin/content/roles"] });
  const { root, container } = mountRoot();
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  await act(() => vi.waitFor(() => expect(container.querySelectorAll('[data-testid="role-items"] li')).toHaveLength(4), { timeout: 3000, interval: 10 }));

  const cards = [...container.querySelectorAll('[data-testid="role-items"] li')].map((li) => li.textContent?.replace(/\s+/g, " ").trim());
  expect(cards).toEqual([
    `Night Support LeadClosedClosed on ${formatDateTime("2026-11-20T17:00:00.000Z")}`,
    `Weekend Support LeadClosedCloses on ${formatDateTime("2027-02-01T17:00:00.000Z")}`,
    `Intake SpecialistPublishedCloses on ${formatDateTime("2027-01-15T17:00:00.000Z")}`,
    "Paralegal AssistantDraftNo closing date yet",
  ]);
  expect(container.querySelector('[data-testid="role-items"] li a')?.getAttribute("href")).toBe(`/admin/content/roles/${items[0]!.id}`);
  expect(container.querySelector('[data-testid="role-items"] li time')?.getAttribute("datetime")).toBe("2026-11-20T17:00:00.000Z");
});
