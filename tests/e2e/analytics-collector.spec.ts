import type { Page } from "@playwright/test";
import { collectedEventSchema } from "@shared/schemas/analytics";
import { BOOKING_DIALOG_TITLE } from "../../app/features/booking/booking-dialog";
import { expect, test } from "./fixtures";
import { dataLayer, hydrated } from "./pages-support";

/*
 * The page's collector (app/lib/collector.ts, docs/decisions/0801) in Chromium, on the plain
 * deployment, whose runtime configuration says it counts events (collectEvents). POST /api/events
 * is answered here (202), so these tests read exactly what the page sends, whatever the server
 * does with it. The collector's logic at every width is the same code: desktop width only.
 */

type Beacon = { body: string; afterLoad: boolean };
type Received = { body: unknown; contentType: string | undefined; cookie: string | undefined };

async function answerEvents(page: Page): Promise<Received[]> {
  const received: Received[] = [];
  await page.route("**/api/events", async (route) => {
    const request = route.request();
    const headers = await request.allHeaders();
    received.push({ body: JSON.parse(request.postData() ?? "null"), contentType: headers["content-type"], cookie: headers.cookie });
    await route.fulfill({ status: 202 });
  });
  // What the page hands to sendBeacon, in order, and whether its load event had ended by then.
  await page.addInitScript(() => {
    const w = window as unknown as { __beacons: { body: string; afterLoad: boolean }[] };
    w.__beacons = [];
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      w.__beacons.push({ body: String(data), afterLoad: (navigation?.loadEventEnd ?? 0) > 0 });
      return send(url, data);
    };
  });
  return received;
}

const beacons = (page: Page) => page.evaluate(() => (window as unknown as { __beacons: Beacon[] }).__beacons);

/** Waits for two idle periods of the page: what the collector would send by then, it has sent. */
const idleTwice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 3_000 }), { timeout: 3_000 }),
      ),
  );

const landing = "/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=spring";
const referer = "https://news.example.com/issue/12?reader=someone";

async function bookAndType(page: Page) {
  await hydrated(page);
  await page.getByRole("main").getByRole("button", { name: "Book demo" }).click();
  const dialog = page.getByRole("dialog", { name: BOOKING_DIALOG_TITLE });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Full name").fill("Ada Lovelace");
  await dialog.getByLabel("Work email").fill("ada@example.com");
  return dialog;
}

test("a visit sends its page views, the Book press, the dialog and the form start: after load, no identifier, nothing stored", async ({ page, context }) => {
  const received = await answerEvents(page);
  // An image that holds the page's load event until the test lets it arrive, as a slow image
  // would: hydration does not wait for it, so the visitor can act before the load event.
  let releaseImage = () => {};
  const imageHeld = new Promise<void>((resolve) => (releaseImage = resolve));
  await page.route("**/slow-image.svg", async (route) => {
    await imageHeld;
    await route.fulfill({ contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>' });
  });
  await page.addInitScript(() => {
    const image = new Image();
    image.src = "/slow-image.svg";
    (window as unknown as { __slowImage: HTMLImageElement }).__slowImage = image;
  });

  await page.goto(landing, { referer, waitUntil: "commit" });
  const dialog = await bookAndType(page);
  expect(await page.evaluate(() => document.readyState), "the load event has not happened yet").not.toBe("complete");
  await page.waitForTimeout(500);
  expect(received, "nothing is sent before the load event").toEqual([]);
  releaseImage();
  await page.waitForLoadState("load");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // A client-side navigation is a page view of its own.
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ", exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);

  const expected = [
    { name: "page_view", path: "/pricing", referrer: "https://news.example.com", utm: { source: "newsletter", medium: "email", campaign: "spring" } },
    { name: "cta_click", path: "/pricing", detail: "pricing" },
    { name: "dialog_open", path: "/pricing", detail: "booking" },
    // Once, though two fields were typed into.
    { name: "form_start", path: "/pricing", detail: "booking" },
    { name: "page_view", path: "/faq" },
  ];
  await expect.poll(() => received.length, { timeout: 10_000 }).toBe(expected.length);
  await idleTwice(page);
  const sent = await beacons(page);
  expect(sent.map((b) => JSON.parse(b.body))).toEqual(expected);
  expect(received.map((r) => r.body)).toEqual(expect.arrayContaining(expected));
  expect(received).toHaveLength(expected.length);
  expect(sent.every((b) => b.afterLoad), "every beacon left after the load event had ended").toBe(true);
  for (const r of received) {
    expect(collectedEventSchema.safeParse(r.body).success, JSON.stringify(r.body)).toBe(true);
    // A string body: text/plain, no preflight; and no cookie goes with it, as none exists.
    expect(r.contentType).toBe("text/plain;charset=UTF-8");
    expect(r.cookie).toBeUndefined();
  }

  expect(await context.cookies()).toEqual([]);
  const storage = await page.evaluate(async () => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    databases: (await indexedDB.databases()).map((d) => d.name),
  }));
  // The only entry is the lead form's landing attribution (docs/decisions/0104), which is sent
  // with a lead, never with these events.
  expect(storage).toEqual({ local: [], session: ["lead-attribution"], databases: [] });
});

test("with Global Privacy Control on, the page sends nothing", async ({ page, context }) => {
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  const received = await answerEvents(page);
  await page.goto(landing, { referer });
  await bookAndType(page);
  await idleTwice(page);
  // The press happened (the dataLayer, which serves only tags the visitor consented to, has it).
  expect(await dataLayer(page)).toContainEqual({ event: "cta_book_click", location: "pricing" });
  expect(await page.evaluate(() => document.readyState)).toBe("complete");
  expect(await beacons(page)).toEqual([]);
  expect(received).toEqual([]);
});
