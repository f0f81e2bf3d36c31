import crypto from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, projectDevice, randomIp, signedInRequest, test, type BrowserErrors } from "./fixtures";
import { staffAccounts } from "./servers";

/**
 * The content studio end to end on the admin server (global-setup.ts), as its people use it: an
 * editor writes a post with the toolbar, previews and publishes it, a visitor finds it on the blog,
 * in the feed and the sitemap with its share card, and it is gone once unpublished; and each role
 * is kept to its own area. What the API answers (every refusal, slugs, revisions, hostile bodies)
 * is tests/api/content-posts.test.ts's and content-blog.test.ts's; a second instance seeing a
 * publish is tests/process/multi-instance.test.ts's. Desktop width only: the flows are the same
 * on a phone.
 */
const { editor, moderator } = staffAccounts;

// Password sign-ins hash with scrypt (1-2 s each, far more on a loaded two-core machine), an
// upload is re-encoded with sharp, and each publish renders the blog's pages once.
const JOURNEY_TIMEOUT = 120_000;

/** Signs in with the login form, as a person does. */
async function signInWithForm(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** A visitor's own browser: no staff cookie; its errors fail the test as the fixture's do. */
async function visitorContext(context: BrowserContext, errors: BrowserErrors, info: Parameters<typeof projectDevice>[0]) {
  const browser = context.browser()!;
  const visitor = await browser.newContext({ ...projectDevice(info), extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
  visitor.on("console", (message) => {
    if (message.type() === "error") errors.record(`console.error: ${message.text()} (at ${message.location().url})`);
  });
  visitor.on("weberror", (error) => errors.record(`page error: ${error.error().message}`));
  return visitor;
}

test("an editor writes a post with a heading, a list, a link and a cover, previews and publishes it; visitors find it on the blog, feed, sitemap and card; unpublished, it is gone", async ({
  page,
  context,
  servers,
  browserErrors,
}, info) => {
  test.setTimeout(JOURNEY_TIMEOUT);
  browserErrors.allow(/status of 401/, "the login page checks for a session first, and there is none");
  const base = servers.admin.url;
  const marker = crypto.randomUUID().slice(0, 8);
  const title = `Answering every call ${marker}`;

  await signInWithForm(page, base, editor);
  await expect(page).toHaveURL(`${base}/admin/content`, { timeout: 30_000 });
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page).toHaveURL(`${base}/admin/content/posts/new`);

  await page.getByLabel("Title").fill(title);
  const slug = await page.getByLabel("Slug").inputValue();
  expect(slug).toBe(`answering-every-call-${marker}`);

  // The body, written with the toolbar: a heading, a bulleted list, then a paragraph made a link.
  const body = page.getByRole("textbox", { name: "Body" });
  const toolbar = page.getByRole("toolbar", { name: "Body formatting" });
  await body.click();
  await toolbar.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("Why calls go unanswered");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Lunch hours");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Peak season");
  // Enter on an empty item leaves the list.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("See our pricing");
  await page.keyboard.press("Shift+Home");
  await toolbar.getByRole("button", { name: "Link" }).click();
  await page.getByRole("textbox", { name: "Link address" }).fill("/pricing");
  await page.getByRole("button", { name: "Apply link" }).click();
  await expect(body.getByRole("heading", { level: 2, name: "Why calls go unanswered" })).toBeVisible();
  await expect(body.getByRole("listitem")).toHaveText(["Lunch hours", "Peak season"]);
  await expect(body.getByRole("link", { name: "See our pricing" })).toHaveAttribute("href", "/pricing");

  // A cover: a small JPEG through the file input, then its alt text.
  const jpeg = await sharp({ create: { width: 160, height: 90, channels: 3, background: "#2f6fdf" } }).jpeg().toBuffer();
  await page.getByLabel("Cover image").setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await page.getByLabel("Alt text").fill("A support desk with headsets");
  await expect(page.getByTestId("post-cover-preview").getByRole("img", { name: "A support desk with headsets" })).toBeVisible();

  // Preview saves the new post, then opens the staff-only preview in a new tab.
  const popup = page.waitForEvent("popup", { timeout: 30_000 });
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = await popup;
  await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 2, name: "Why calls go unanswered" })).toBeVisible();
  await expect(preview.getByRole("listitem").filter({ hasText: /^(Lunch hours|Peak season)$/ })).toHaveCount(2);
  await expect(preview.getByRole("link", { name: "See our pricing" })).toHaveAttribute("href", "/pricing");
  await preview.close();
  await expect(page).toHaveURL(/\/admin\/content\/posts\/[^/]+$/);
  const editorUrl = page.url();

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("post-status")).toHaveText("Published", { timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();

  const visitor = await visitorContext(context, browserErrors, info.project.use);
  try {
    const reader = await visitor.newPage();
    const postUrl = `${base}/blog/${slug}`;
    const cardUrl = `${base}/cards/blog/${slug}.png`;

    // The instance learns of the publish through the database: within 5 s (docs/decisions/0903).
    await expect(async () => {
      await reader.goto(`${base}/blog`);
      await expect(reader.getByRole("link", { name: title })).toHaveAttribute("href", `/blog/${slug}`, { timeout: 500 });
    }).toPass({ timeout: 5_000 });
    await reader.getByRole("link", { name: title }).click();
    await expect(reader).toHaveURL(postUrl);
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const article = reader.getByRole("main");
    await expect(article.getByRole("heading", { level: 2, name: "Why calls go unanswered" })).toBeVisible();
    await expect(article.getByRole("listitem").filter({ hasText: /^(Lunch hours|Peak season)$/ })).toHaveCount(2);
    await expect(article.getByRole("link", { name: "See our pricing" })).toHaveAttribute("href", "/pricing");
    await expect(reader.locator('meta[property="og:image"]')).toHaveAttribute("content", cardUrl);

    const card = await reader.request.get(cardUrl);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/png");
    const { format, width, height } = await sharp(await card.body()).metadata();
    expect({ format, width, height }).toEqual({ format: "png", width: 1200, height: 630 });
    expect(await (await reader.request.get(`${base}/blog/rss.xml`)).text()).toContain(`<link>${postUrl}</link>`);
    expect(await (await reader.request.get(`${base}/sitemap.xml`)).text()).toContain(`<loc>${postUrl}</loc>`);

    await page.goto(editorUrl);
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByTestId("post-status")).toHaveText("Draft", { timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeEnabled();

    // The address answers 404 (the page a browser then shows: the test below).
    await expect.poll(async () => (await reader.request.get(postUrl)).status(), { timeout: 5_000 }).toBe(404);
    await reader.goto(`${base}/blog`);
    await expect(reader.getByRole("link", { name: title })).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test("a moderator is not shown the studio and its API refuses them; an editor is not shown the leads or the users", async ({ page, context, playwright, servers }) => {
  test.setTimeout(JOURNEY_TIMEOUT);
  const base = servers.admin.url;
  // Signed in through the auth API: the sign-in form is the journey's (and admin-area.spec.ts's).
  const sessionOf = async (who: { email: string; password: string }) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
    try {
      await signedInRequest(request, base, who);
      return (await request.storageState()).cookies;
    } finally {
      await request.dispose();
    }
  };
  const [moderatorCookies, editorCookies] = await Promise.all([sessionOf(moderator), sessionOf(editor)]);
  const nav = page.getByRole("navigation", { name: "Admin" });

  await context.addCookies(moderatorCookies);
  await page.goto(`${base}/admin/content`);
  await expect(page).toHaveURL(`${base}/admin/leads`);
  await expect(nav.getByRole("link", { name: "Leads" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Content" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "New post" })).toHaveCount(0);
  const refused = await page.request.get(`${base}/api/admin/content/posts`);
  expect(refused.status()).toBe(403);

  await context.clearCookies();
  await context.addCookies(editorCookies);
  for (const path of ["/admin/leads", "/admin/users"]) {
    await page.goto(`${base}${path}`);
    await expect(page).toHaveURL(`${base}/admin/content`);
    await expect(page.getByRole("link", { name: "New post" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Content" })).toBeVisible();
    await expect(nav.getByRole("link", { name: /^(Leads|Users)$/ })).toHaveCount(0);
  }
});

// A blog address with no published post: the 404 its route renders, in the site's layout, so it
// hydrates as the route the browser matches (/blog/:slug) rather than failing into the root's error
// page (found by the journey above: React error 418, then "Something went wrong").
test("a visitor opening the address of a post that is not published sees the site's 404 page, not an error", async ({ page, servers, browserErrors }) => {
  browserErrors.allow(/status of 404/, "the address answers 404");
  const base = servers.site.url;
  expect((await page.goto(`${base}/blog/never-published`))?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Something went wrong");
});
