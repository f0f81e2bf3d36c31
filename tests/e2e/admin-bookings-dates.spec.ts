import { expect, signedInRequest, test } from "./fixtures";

/*
 * The bookings filter's dates (docs/decisions/0203), on the leads server, whose admin account only
 * reads here: the pickers offer the days the server accepts, a day typed past them gets the shared
 * schema's message without a request, and a date the server refuses anyway shows its message
 * beside the field at once, not as a failure to fetch.
 */

const RANGE_MESSAGE = "Use a date between 2000-01-01 and 2100-12-31";

test("bookings filter: dates limited to the server's range, and a refused date's message beside its field", async ({ page, servers, browserErrors }) => {
  browserErrors.allow(/status of 400/, "the test makes the server refuse a date");
  const base = servers.leads.url;
  await signedInRequest(page.request, base);
  let listRequests = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/admin/bookings/search") listRequests++;
  });

  await page.goto(`${base}/admin/bookings`);
  const from = page.getByLabel("From", { exact: true });
  const to = page.getByLabel("To", { exact: true });
  for (const input of [from, to]) {
    await expect(input).toHaveAttribute("min", "2000-01-01");
    await expect(input).toHaveAttribute("max", "2100-12-31");
  }
  await expect(page.getByTestId("bookings-loading")).toBeHidden();

  // Typed past the picker's limits: the shared schema's message, and nothing is asked.
  const before = listRequests;
  await from.fill("1999-12-31");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.locator("#bookings-from-message")).toHaveText(RANGE_MESSAGE);
  await expect(from).toHaveAttribute("aria-invalid", "true");
  expect(listRequests).toBe(before);

  // A page whose limits are not the server's (one loaded before a deploy, say): the request is
  // changed on its way to a day the server refuses, and the server's own answer is shown.
  let refused = 0;
  await page.route(
    (url) => url.pathname === "/api/admin/bookings/search",
    (route) => {
      const body = route.request().postDataJSON() as { to?: string };
      if (body.to !== "2100-12-31") return route.continue();
      refused++;
      return route.continue({ postData: JSON.stringify({ ...body, to: "2101-01-01" }) });
    },
  );
  await from.fill("2100-01-01");
  await to.fill("2100-12-31");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.locator("#bookings-to-message")).toHaveText(RANGE_MESSAGE);
  await expect(to).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#bookings-from-message")).toHaveCount(0);
  const card = page.getByTestId("bookings-refused");
  await expect(card).toContainText("No bookings shown: correct the filters above.");
  // Refused once, not asked again three back-offs later.
  expect(refused).toBe(1);

  await card.getByRole("button", { name: "Clear filters" }).click();
  await expect(card).toBeHidden();
  await expect(page.locator("#bookings-to-message")).toHaveCount(0);
  await expect(to).toHaveValue("");
});
