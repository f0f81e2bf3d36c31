import crypto from "node:crypto";
import zlib from "node:zlib";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "@shared/schemas/content-image";
import { storedFiles, users } from "../../server/db/schema";
import { pageCsp } from "../../server/http/security-headers";
import { countUpload, UPLOAD_LIMIT } from "../../server/content/upload-rate-limit";
import { deleteImage, describeImage, fileUrl, readFile, storeImage, type StoredImage } from "../../server/platform/file-storage";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let staffId: string;

beforeAll(async () => {
  t = await createTestApp();
  staffId = crypto.randomUUID();
  await t.database.db.insert(users).values({ id: staffId, name: "Editor", email: `editor-${staffId}@example.com` });
});
afterAll(() => t.close());

/** Test images are made here, small, never committed. */
const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 40, g: 90, b: 160, alpha: 0.5 } } });

/** A phone photo's metadata: its GPS position, camera, and a description we can look for. */
const GPS_EXIF = {
  IFD0: { Make: "PhoneCo", Model: "Pocket 12", ImageDescription: "taken-at-home-marker" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2643/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 3960/100" },
};

const upload = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

async function stored(bytes: Uint8Array | File): Promise<StoredImage> {
  const result = await storeImage(t.database.db, bytes, { actorUserId: staffId });
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.image;
}

async function fileCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(storedFiles);
  return Number(row!.n);
}

/** A PNG's bytes with its header (IHDR) declaring other dimensions; the pixel data is unchanged. */
function withDeclaredSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(zlib.crc32(copy.subarray(12, 29)) >>> 0, 29); // CRC of "IHDR" and its 13 bytes
  return copy;
}

describe("storing an uploaded image", () => {
  it("strips a phone photo's EXIF, GPS position, XMP and ICC profile from every stored size", async () => {
    const photo = await solid(2000, 1500)
      .jpeg()
      .withExif(GPS_EXIF)
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .withIccProfile("p3")
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes("taken-at-home-marker")).toBe(true);
    const gpsTag = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])]; // the GPS IFD's tag, either byte order
    expect(gpsTag.some((tag) => before.exif?.includes(tag))).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const image = await stored(upload(photo, "IMG_0001.JPG", "image/jpeg"));

    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [480, 360],
      [960, 720],
      [1600, 1200],
    ]);
    expect([image.width, image.height]).toEqual([1600, 1200]);
    for (const variant of image.variants) {
      const file = await readFile(t.database.db, variant.id);
      expect(file?.contentType).toBe("image/webp");
      const after = await sharp(file!.data).metadata();
      expect(after.format).toBe("webp");
      expect([after.exif, after.xmp, after.icc, after.iptc]).toEqual([undefined, undefined, undefined, undefined]);
      expect(file!.data.includes("taken-at-home-marker")).toBe(false);
      expect(file!.data.includes("PhoneCo")).toBe(false);
      expect(file!.data.includes("Exif")).toBe(false);
    }
  });

  it("stores the image once per size, the smaller sizes pointing at the largest, by its uploader, with its SHA-256", async () => {
    const image = await stored(await solid(1000, 500).png().toBuffer());
    expect(image.variants.map((v) => v.width)).toEqual([480, 960, 1000]);
    const rows = await t.database.db
      .select({ id: storedFiles.id, variantOf: storedFiles.variantOf, createdBy: storedFiles.createdBy, sha256: storedFiles.sha256, data: storedFiles.data, byteSize: storedFiles.byteSize })
      .from(storedFiles)
      .where(eq(storedFiles.createdBy, staffId));
    const mine = rows.filter((row) => image.variants.some((v) => v.id === row.id));
    expect(mine).toHaveLength(3);
    for (const row of mine) {
      expect(row.variantOf).toBe(row.id === image.id ? null : image.id);
      expect(row.sha256).toBe(crypto.createHash("sha256").update(row.data).digest("hex"));
      expect(row.byteSize).toBe(row.data.byteLength);
    }
    expect(await describeImage(t.database.db, image.id)).toEqual(image);
  });

  it("turns a photo the way its EXIF orientation says", async () => {
    // Stored 40 wide and 20 high, shown rotated a quarter turn: 20 wide and 40 high.
    const sideways = await solid(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const image = await stored(sideways);
    expect([image.width, image.height]).toEqual([20, 40]);
  });

  it("accepts a PNG (keeping its transparency) and a WebP", async () => {
    const png = await stored(upload(await solid(300, 200, 4).png().toBuffer(), "logo.png", "image/png"));
    expect([png.width, png.height]).toEqual([300, 200]);
    const pngFile = await readFile(t.database.db, png.id);
    expect((await sharp(pngFile!.data).metadata()).hasAlpha).toBe(true);

    const webp = await stored(upload(await solid(600, 400).webp().toBuffer(), "chart.webp", "image/webp"));
    expect(webp.variants.map((v) => v.width)).toEqual([480, 600]);
  });

  it("accepts a 1x1 image", async () => {
    const image = await stored(await solid(1, 1).png().toBuffer());
    expect(image.variants).toEqual([{ id: image.id, width: 1, height: 1, url: fileUrl(image.id) }]);
  });

  it("keeps a very tall image within WebP's 16383-pixel side", async () => {
    const image = await stored(await solid(2, 20_000).png().toBuffer());
    expect(image.height).toBe(16_383);
    expect(image.width).toBeGreaterThanOrEqual(1);
  });

  it("recognises an image by its bytes: a PDF named photo.jpg is refused and nothing is stored", async () => {
    const before = await fileCount();
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
    const result = await storeImage(t.database.db, upload(pdf, "photo.jpg", "image/jpeg"), { actorUserId: staffId });
    expect(result).toEqual({ ok: false, status: 400, error: IMAGE_MESSAGES.type });
    expect(await fileCount()).toBe(before);
  });

  it("refuses images of other formats whatever their name: SVG, GIF", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const gif = await solid(10, 10).gif().toBuffer();
    for (const [bytes, name] of [
      [svg, "cover.png"],
      [gif, "cover.webp"],
    ] as const) {
      const result = await storeImage(t.database.db, upload(bytes, name, "image/png"), { actorUserId: staffId });
      expect(result).toEqual({ ok: false, status: 400, error: IMAGE_MESSAGES.type });
    }
  });

  it("refuses a file of 10 MB and 1 byte, and lets one of exactly 10 MB past the size check", async () => {
    const before = await fileCount();
    const tooBig = new Uint8Array(MAX_IMAGE_BYTES + 1);
    tooBig.set([0xff, 0xd8, 0xff]);
    expect(await storeImage(t.database.db, upload(tooBig, "big.jpg", "image/jpeg"), { actorUserId: staffId })).toEqual({
      ok: false,
      status: 413,
      error: IMAGE_MESSAGES.size,
    });
    // The same bytes one shorter are refused for what they are (no JPEG), not for their size.
    const atLimit = await storeImage(t.database.db, tooBig.subarray(0, MAX_IMAGE_BYTES), { actorUserId: staffId });
    expect(atLimit).toMatchObject({ ok: false, status: 400 });
    expect(await fileCount()).toBe(before);
  });

  it("refuses a small file that declares a huge canvas (a decompression bomb) before decoding it", async () => {
    const before = await fileCount();
    const tiny = await solid(8, 8).png().toBuffer();
    for (const [width, height] of [
      [20_000, 20_000],
      [10_000, 5_001],
    ]) {
      const bomb = withDeclaredSize(tiny, width, height);
      expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(width);
      const result = await storeImage(t.database.db, bomb, { actorUserId: staffId });
      expect(result).toEqual({ ok: false, status: 400, error: IMAGE_MESSAGES.pixels });
    }
    expect(await fileCount()).toBe(before);
  });

  it("refuses a truncated JPEG with a message, not an error", async () => {
    const photo = await solid(400, 300).jpeg().toBuffer();
    const result = await storeImage(t.database.db, photo.subarray(0, Math.floor(photo.length / 2)), { actorUserId: staffId });
    expect(result).toEqual({ ok: false, status: 400, error: IMAGE_MESSAGES.unreadable });
  });

  it("deletes an image with all its sizes", async () => {
    const image = await stored(await solid(1000, 500).png().toBuffer());
    expect(await deleteImage(t.database.db, image.variants[0]!.id)).toBe(false); // a size is not an image
    expect(await deleteImage(t.database.db, image.id)).toBe(true);
    for (const variant of image.variants) expect(await readFile(t.database.db, variant.id)).toBeNull();
    expect(await describeImage(t.database.db, image.id)).toBeNull();
  });
});

describe("GET /media/<id>.webp", () => {
  let image: StoredImage;
  beforeAll(async () => {
    image = await stored(await solid(1000, 600).jpeg().toBuffer());
  });

  it("serves each size from the database, immutable for a year, as WebP", async () => {
    for (const variant of image.variants) {
      const res = await t.app.request(variant.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get("etag")).toBe(`"${crypto.createHash("sha256").update(body).digest("hex")}"`);
      expect(res.headers.get("content-length")).toBe(String(body.byteLength));
      const served = await sharp(body).metadata();
      expect([served.format, served.width, served.height]).toEqual(["webp", variant.width, variant.height]);
    }
  });

  it("answers HEAD with the headers and no body", async () => {
    const variant = image.variants[0]!;
    const get = await t.app.request(variant.url);
    const head = await t.app.request(variant.url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const name of ["content-type", "content-length", "etag", "cache-control"]) expect(head.headers.get(name)).toBe(get.headers.get(name));
  });

  it("answers 304 to a client that already has it", async () => {
    const res = await t.app.request(image.variants[0]!.url);
    const again = await t.app.request(image.variants[0]!.url, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers 404, never a 500, to an unknown id, a malformed one or another extension", async () => {
    const names = [
      `${crypto.randomUUID()}.webp`,
      "not-an-id.webp",
      `${image.id.toUpperCase()}.webp`,
      `${image.id}.png`,
      image.id,
      `${image.id}.webp.webp`,
      "%00.webp",
      `${"9".repeat(5000)}.webp`,
    ];
    for (const name of names) {
      const res = await t.app.request(`/media/${name}`);
      expect(res.status, name).toBe(404);
      expect(await res.text()).toBe("Not found");
      expect((await t.app.request(`/media/${name}`, { method: "HEAD" })).status).toBe(404);
    }
  });

  it("is an image source the site's pages allow (CSP img-src 'self')", () => {
    expect(pageCsp(t.config, [])).toMatch(/(^|; )img-src 'self'( |;|$)/);
  });
});

describe("per-staff upload rate limit", () => {
  it(`allows ${UPLOAD_LIMIT.max} uploads an hour per staff member, then refuses with a wait, on every instance`, async () => {
    const editor = crypto.randomUUID();
    const colleague = crypto.randomUUID();
    const decisions = [];
    for (let i = 0; i < UPLOAD_LIMIT.max + 1; i++) decisions.push(await countUpload(t.deps, editor));
    expect(decisions.slice(0, UPLOAD_LIMIT.max).every((d) => d.allowed)).toBe(true);
    const refused = decisions[UPLOAD_LIMIT.max]!;
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(UPLOAD_LIMIT.windowSeconds);

    // Another instance on the same database (its own limiter, nothing remembered) refuses too...
    expect((await countUpload({ database: t.database }, editor)).allowed).toBe(false);
    // ...and a colleague still uploads.
    expect((await countUpload(t.deps, colleague)).allowed).toBe(true);
  });
});
