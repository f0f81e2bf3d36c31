import crypto from "node:crypto";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeImage, type StoredImage } from "../../server/platform/file-storage";
import { createTestApp, type TestApp } from "../support/test-app";
import { closeStillServing, hostileString, percentEncode, runs, send } from "./support";

/*
 * GET and HEAD /media/<name> (server/routes/media.ts): the file name is the only input. A name
 * that is no stored file's never answers a 5xx or a year-long cache, whatever it holds; a stored
 * file's answers 200.
 */

let t: TestApp;
let image: StoredImage;
beforeAll(async () => {
  t = await createTestApp();
  const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
  const result = await storeImage(t.database.db, png, { actorUserId: null });
  if (!result.ok) throw new Error(result.error);
  image = result.image;
});
afterAll(() => closeStillServing(t));

describe("GET and HEAD /media/<name>", () => {
  it("never a 5xx: 200 for a stored file's name; for any other name no 5xx and nothing cached as immutable", async () => {
    const stored = () => fc.constantFrom(...image.variants.map((v) => `${v.id}.webp`));
    const nearMiss = fc.oneof(
      fc.uuid().map((id) => `${id}.webp`),
      stored().map((name) => name.toUpperCase()),
      stored().map((name) => name.replace(".webp", ".png")),
      stored().map((name) => name.replace(".webp", "")),
      stored().map((name) => `${name}%00`),
      stored().map((name) => `..%2F${name}`),
      fc.string({ unit: "binary", maxLength: 60 }).map((s) => `${percentEncode(s)}.webp`),
    );
    const name = fc.oneof(
      { weight: 1, arbitrary: stored() },
      { weight: 3, arbitrary: nearMiss },
      { weight: 3, arbitrary: hostileString.map(percentEncode) },
    );
    let served = 0;
    await fc.assert(
      fc.asyncProperty(name, fc.constantFrom("GET", "HEAD"), async (fileName, method) => {
        const res = await send(t, `/media/${fileName}`, { method });
        if (!res) return;
        const body = Buffer.from(await res.arrayBuffer());
        const variant = image.variants.find((v) => `${v.id}.webp` === fileName);
        if (variant) {
          served++;
          expect(res.status, `${method} ${fileName}`).toBe(200);
          if (method === "GET") expect(`"${crypto.createHash("sha256").update(body).digest("hex")}"`).toBe(res.headers.get("etag"));
        } else {
          expect(res.status, `${method} ${fileName}`).toBeLessThan(500);
          expect(res.headers.get("cache-control") ?? "", `${method} ${fileName}`).not.toMatch(/immutable/);
        }
      }),
      runs(400),
    );
    // The generator reaches the branch that serves a file.
    expect(served).toBeGreaterThan(0);
  });
});
