import type { Page } from "@playwright/test";
import type { StoryListResponse } from "@shared/api/content-words-api";
import { expect, projectDevice, randomIp, test } from "./fixtures";
import { staffAccounts } from "./servers";

/**
 * A customer story in the studio end to end (issue 42's acceptance check, decision 0906), on the
 * admin server: an editor writes and publishes a story, and a visitor finds it on its industry's
 * page and its own. The refusals, the JSON-LD and the pages without a story are
 * tests/api/content-stories.test.ts's. Desktop width only; the test unpublishes its story, so the
 * industry pages' specs after it see them as they were.
 */
const { editor } = staffAccounts;
const JOURNEY_TIMEOUT = 120_000;
const HEADLINE = "How Harbor Legal answers every after-hours call";

async function signInWithForm(page: Page, base: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(editor.email);
  await page.getByLabel("Password").fill(editor.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("an editor publishes a customer story and it shows on its industry page", async ({ page, context, servers, browserErrors }, info) => {
  test.skip(info.project.name !== "desktop", "the studio's flows are the same on a phone");
  test.setTimeout(JOURNEY_TIMEOUT);
  browserErrors.allow(/status of 401/, "the login page checks for a session first, and there is none");
  const base = servers.admin.url;

  await signInWithForm(page, base);
  await expect(page).toHaveURL(`${base}/admin/content`, { timeout: 30_000 });
  try {
    await page.getByRole("link", { name: "Customer stories", exact: true }).click();
    await page.getByRole("link", { name: "New story", exact: true }).click();
    await page.getByLabel("Headline").fill(HEADLINE);
    await page.getByLabel("Company", { exact: true }).fill("Harbor Legal");
    await page.getByLabel("Industry").selectOption("law");
    await page.getByLabel("The problem").fill("Half of the firm's new-client calls came after six, and went to voicemail.");
    const solution = page.getByRole("textbox", { name: "What the agent does" });
    await solution.click();
    await page.keyboard.type("The agent answers in the firm's name, runs the intake and books the consultation.");
    await page.getByLabel("Result 1 figure").fill("100%");
    await page.getByLabel("Result 1 label").fill("calls answered");
    await page.getByRole("textbox", { name: "Quote", exact: true }).fill("We stopped losing the callers who rang after six.");
    await page.getByLabel("Person").fill("Maria Lopez");
    await page.getByLabel("Their role").fill("Managing partner");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Story published")).toBeVisible({ timeout: 30_000 });

    // A visitor, without the staff cookie: the law page shows it (the publishing instance renders
    // again at once; the time allowed is for a first render on a loaded machine).
    const visitor = await context.browser()!.newContext({ ...projectDevice(info.project.use), extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
    const site = await visitor.newPage();
    await expect(async () => {
      await site.goto(`${base}/industries/law`);
      await expect(site.getByRole("heading", { name: HEADLINE })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    const proof = site.getByTestId("story-proof");
    await expect(proof).toContainText("100%");
    await expect(proof).toContainText("We stopped losing the callers who rang after six.");
    await proof.getByRole("link", { name: HEADLINE, exact: true }).click();
    await expect(site).toHaveURL(`${base}/customers/harbor-legal`);
    await expect(site.getByRole("heading", { level: 1, name: HEADLINE })).toBeVisible();
    await site.goto(`${base}/industries/trades`);
    await expect(site.getByTestId("story-proof")).toHaveCount(0);
    await visitor.close();
  } finally {
    // Off the site again, for the industry pages' specs after this one.
    const list = await page.request.get(`${base}/api/admin/content/stories`);
    for (const item of ((await list.json()) as StoryListResponse).items.filter((i) => i.status !== "draft")) {
      await page.request.post(`${base}/api/admin/content/stories/${item.id}/unpublish`, { headers: { Origin: base }, data: { baseVersion: item.version } });
    }
  }
});
