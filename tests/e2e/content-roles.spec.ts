import type { ContentEntryDetail } from "@shared/api/content-api";
import type { RoleListResponse } from "@shared/api/content-words-api";
import type { RoleDraft } from "@shared/schemas/content";
import { expect, projectDevice, randomIp, test } from "./fixtures";
import { staffAccounts } from "./servers";

/**
 * Open roles in the studio end to end (issue 42 item 2, decision 0905), on the admin server: an
 * editor creates a role and publishes it; a visitor finds it on /careers and opens its page, with
 * JavaScript and without it (both are the server's HTML). The refusals, the JobPosting and the
 * closing date's effect are tests/api/content-roles.test.ts's. Desktop width only; the test
 * unpublishes its role afterwards, so /careers is as before for the specs after it.
 */
const { editor } = staffAccounts;
const JOURNEY_TIMEOUT = 120_000;
const TITLE = "Support Operations Lead";

/** A datetime-local value `days` ahead, in the browser's (and this process's) local time. */
function localInDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

test("an editor creates and publishes a role; visitors find it on /careers and open its page, with JavaScript and without", async ({ page, context, servers, browserErrors }, info) => {
  test.skip(info.project.name !== "desktop", "the studio's flows are the same on a phone");
  test.setTimeout(JOURNEY_TIMEOUT);
  browserErrors.allow(/status of 401/, "the login page checks for a session first, and there is none");
  const base = servers.admin.url;

  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(editor.email);
  await page.getByLabel("Password").fill(editor.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${base}/admin/content`, { timeout: 30_000 });

  try {
    await page.getByRole("link", { name: "Open roles", exact: true }).click();
    await page.getByRole("link", { name: "New role", exact: true }).click();
    await page.getByLabel("Title", { exact: true }).fill(TITLE);
    await page.getByLabel("Team", { exact: true }).fill("Customer Success");
    await page.getByLabel("Employment type").selectOption({ label: "Part-time" });
    await page.getByLabel("City", { exact: true }).fill("Denver");
    await page.getByLabel("Region or state").fill("CO");
    await page.getByLabel("Country", { exact: true }).fill("US");
    const description = page.getByRole("textbox", { name: "Description" });
    await description.click();
    await page.keyboard.type("Run the team that answers when the agent hands a caller over.");
    await page.getByLabel("Closes on").fill(localInDays(30));
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Role published")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("link", { name: "Open roles", exact: true }).click();
    const listed = page.getByTestId("role-items").getByRole("listitem").filter({ has: page.getByRole("link", { name: TITLE, exact: true }) });
    await expect(listed).toContainText("Published");
    await expect(listed).toContainText("Closes on");

    // A visitor, without the staff cookie: the list, then the role's own page.
    const visitor = await context.browser()!.newContext({ ...projectDevice(info.project.use), extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
    const site = await visitor.newPage();
    await expect(async () => {
      await site.goto(`${base}/careers`);
      await expect(site.getByRole("link", { name: new RegExp(TITLE) })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 5000 });
    await expect(site.getByRole("link", { name: new RegExp(TITLE) })).toContainText("Customer Success · Denver, CO, US · Part-time");
    await expect(site.getByRole("link", { name: "Start the Conversation" })).toBeVisible();
    await site.getByRole("link", { name: new RegExp(TITLE) }).click();
    await expect(site.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(site.getByText("Run the team that answers when the agent hands a caller over.")).toBeVisible();
    await expect(site.getByRole("link", { name: "Apply by e-mail" })).toHaveAttribute("href", new RegExp(`^mailto:[^?]+\\?subject=${encodeURIComponent(`Application: ${TITLE}`)}$`));
    await visitor.close();

    // Without JavaScript: the same list and page, as the server's HTML.
    const noScript = await context.browser()!.newContext({ ...projectDevice(info.project.use), javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
    const plain = await noScript.newPage();
    await plain.goto(`${base}/careers`);
    await plain.getByRole("link", { name: new RegExp(TITLE) }).click();
    await expect(plain.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(plain.getByRole("link", { name: "Apply by e-mail" })).toBeVisible();
    await noScript.close();
  } finally {
    // Off the site again, for the specs after this one.
    const list = await page.request.get(`${base}/api/admin/content/roles`);
    const { items } = (await list.json()) as RoleListResponse;
    for (const item of items.filter((i: ContentEntryDetail<RoleDraft>) => i.status === "published" && i.draft.title === TITLE)) {
      await page.request.post(`${base}/api/admin/content/roles/${item.id}/unpublish`, { headers: { Origin: base }, data: { baseVersion: item.version } });
    }
  }
});
