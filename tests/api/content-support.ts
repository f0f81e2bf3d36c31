import { expect } from "vitest";
import { adminTestEnv, createStaff, origin, signedInCookie } from "../support/admin-fixtures";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * The app the studio's API tests share: the site served as the server renders it from the
 * published content, so a test reads the pages a write changed, and an editor and a moderator
 * signed in (the moderator to be refused the studio's writes).
 */
export async function createStudioApp() {
  const t = await createTestApp(adminTestEnv, {}, { site: "lazy", content: true });
  const editor = await createStaff(t, "editor");
  const moderator = await createStaff(t, "moderator");
  const [editorCookie, moderatorCookie] = await Promise.all([signedInCookie(t, editor.email, editor.password), signedInCookie(t, moderator.email, moderator.password)]);
  return { t, editorCookie, moderatorCookie };
}

/** A JSON write from a signed-in admin page: its Origin and session cookie. */
export const sendJson = (t: TestApp, method: string, path: string, body: unknown, cookie: string) =>
  t.app.request(path, { method, headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** The answer's JSON, after checking it succeeded (the body is the failure's message otherwise). */
export const ok = async <T>(res: Response): Promise<T> => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
};
