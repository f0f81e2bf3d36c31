import crypto from "node:crypto";
import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Metadata } from "sharp";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "@shared/schemas/content-image";
import type { Db } from "../db/client";
import { storedFiles } from "../db/schema";

/**
 * Files the site serves from its database (docs/decisions/0902): today, uploaded images,
 * re-encoded to WebP at a few widths with every piece of metadata left behind. Each stored file is
 * immutable and served at fileUrl(id) (server/routes/media.ts). A feature keeps the image's id
 * (storeImage's answer) and asks describeImage for its sizes when it renders a srcset.
 */

/** The widths an image is stored at, never wider than the upload: the largest is also its id's file. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/** WebP's largest side; a very tall image's widest size is narrowed to keep within it. */
const WEBP_MAX_SIDE = 16_383;

/** Visually close to the upload at a third of a JPEG's bytes; sharp's default is also 80. */
const WEBP_QUALITY = 80;

export type ImageUpload = Blob | Uint8Array;

export type ImageVariant = { id: string; width: number; height: number; url: string };

/** An image: its id (the largest size's file), that size's pixels, and every size, narrowest first. */
export type StoredImage = { id: string; width: number; height: number; variants: ImageVariant[] };

export type StoreImageResult = { ok: true; image: StoredImage } | { ok: false; status: 400 | 413; error: string };

/** A file's row without its bytes. */
export type StoredFileInfo = {
  id: string;
  contentType: string;
  byteSize: number;
  sha256: string;
  width: number | null;
  height: number | null;
  createdAt: Date;
};

export type StoredFile = StoredFileInfo & { data: Buffer };

/** The file name extension of each content type the media route serves. */
const EXTENSIONS = { "image/webp": "webp" } as const satisfies Record<string, string>;
export type ServedContentType = keyof typeof EXTENSIONS;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for an id as the database writes them (lower-case uuid): anything else is no file's. */
export function isFileId(value: string): boolean {
  return UUID.test(value);
}

/** Where a file is served: `/media/<id>.webp`. The bytes behind it never change. */
export function fileUrl(id: string, contentType: ServedContentType = "image/webp"): string {
  return `/media/${id}.${EXTENSIONS[contentType]}`;
}

/** The id and content type a served file name names, or null for a name no file can have. */
export function parseFileName(name: string): { id: string; contentType: ServedContentType } | null {
  const dot = name.lastIndexOf(".");
  const id = name.slice(0, dot);
  const extension = name.slice(dot + 1);
  if (dot < 0 || !isFileId(id)) return null;
  for (const [contentType, ext] of Object.entries(EXTENSIONS) as [ServedContentType, string][]) {
    if (ext === extension) return { id, contentType };
  }
  return null;
}

/**
 * sharp, loaded on the first upload: importing it costs about 0.3 CPU-s, which every start of the
 * server (and every instance that only serves files) would otherwise pay.
 */
const loadSharp = () => import("sharp").then((module) => module.default);

type Format = "jpeg" | "png" | "webp";

/**
 * The format the first bytes announce. Only these three decoders ever see an upload: sharp would
 * also open SVG, TIFF, GIF and HEIF, each more parser exposed to a file from outside.
 */
function sniff(bytes: Uint8Array): Format | null {
  const at = (offset: number, expected: number[]) => expected.every((byte, i) => bytes[offset + i] === byte);
  if (at(0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "webp"; // RIFF....WEBP
  return null;
}

type Encoded = { data: Buffer; width: number; height: number };

/**
 * The upload, oriented as its EXIF says, at every width of IMAGE_WIDTHS it is wider than plus its
 * own width up to the largest. Decoded once, to the largest size; the smaller ones come from
 * that (a third less CPU for a 12-megapixel JPEG than decoding it per size). sharp writes no
 * EXIF, XMP, IPTC or ICC profile unless asked, and converts to sRGB: a phone's GPS position
 * stays behind.
 */
async function encodeVariants(bytes: Uint8Array): Promise<Encoded[]> {
  const sharp = await loadSharp();
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const { data: pixels, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true })
    .resize({ width: largest, height: WEBP_MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const widths = [...IMAGE_WIDTHS.filter((width) => width < info.width), info.width];
  return Promise.all(
    widths.map(async (width) => {
      const image = sharp(pixels, raw);
      if (width < info.width) image.resize({ width });
      const out = await image.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      return { data: out.data, width: out.info.width, height: out.info.height };
    }),
  );
}

const refuse = (status: 400 | 413, error: string): StoreImageResult => ({ ok: false, status, error });

/**
 * Stores an uploaded image: recognised by its bytes (JPEG, PNG or WebP; its name and declared
 * type are not read), at most MAX_IMAGE_BYTES and MAX_IMAGE_PIXELS, re-encoded to WebP sizes
 * (IMAGE_WIDTHS) without metadata, all sizes in one transaction. The upload itself is not kept.
 * A refusal answers the form's message and stores nothing. The caller bounds the request body
 * before it reaches here and rate-limits uploads per staff member (server/content/upload-rate-limit.ts).
 * The image work runs on libuv's thread pool, not on the event loop.
 */
export async function storeImage(db: Db, upload: ImageUpload, options: { actorUserId: string | null }): Promise<StoreImageResult> {
  const size = upload instanceof Blob ? upload.size : upload.byteLength;
  if (size > MAX_IMAGE_BYTES) return refuse(413, IMAGE_MESSAGES.size);
  const bytes = upload instanceof Blob ? new Uint8Array(await upload.arrayBuffer()) : upload;

  const format = sniff(bytes);
  if (!format) return refuse(400, IMAGE_MESSAGES.type);
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    // Only the header is read here, so sharp's own pixel limit is off: past it, it would throw
    // and the bomb would be told it is unreadable instead of too large.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(400, IMAGE_MESSAGES.unreadable);
  }
  if (header.format !== format) return refuse(400, IMAGE_MESSAGES.type);
  // The header's own dimensions, before any pixel is decoded: what a decompression bomb lies about.
  if (header.width * header.height > MAX_IMAGE_PIXELS) return refuse(400, IMAGE_MESSAGES.pixels);

  let variants: Encoded[];
  try {
    variants = await encodeVariants(bytes);
  } catch {
    // Truncated or corrupt pixel data: the header was readable, the image is not.
    return refuse(400, IMAGE_MESSAGES.unreadable);
  }

  const rows = variants.map((v) => ({
    contentType: "image/webp",
    byteSize: v.data.byteLength,
    sha256: crypto.createHash("sha256").update(v.data).digest("hex"),
    width: v.width,
    height: v.height,
    data: v.data,
    createdBy: options.actorUserId,
  }));
  const largest = rows[rows.length - 1]!;
  const smaller = rows.slice(0, -1);
  const returned = { id: storedFiles.id, width: storedFiles.width, height: storedFiles.height };

  const image = await db.transaction(async (tx) => {
    const [main] = await tx.insert(storedFiles).values(largest).returning(returned);
    const others = smaller.length > 0 ? await tx.insert(storedFiles).values(smaller.map((row) => ({ ...row, variantOf: main!.id }))).returning(returned) : [];
    return toImage(main!.id, [...others, main!]);
  });
  return { ok: true, image };
}

function toImage(id: string, files: { id: string; width: number | null; height: number | null }[]): StoredImage {
  const variants = files
    .map((file) => ({ id: file.id, width: file.width ?? 0, height: file.height ?? 0, url: fileUrl(file.id) }))
    .sort((a, b) => a.width - b.width);
  const main = variants.find((v) => v.id === id)!;
  return { id, width: main.width, height: main.height, variants };
}

/** An image storeImage stored, with its sizes (for a srcset), or null when there is none. */
export async function describeImage(db: Db, id: string): Promise<StoredImage | null> {
  if (!isFileId(id)) return null;
  const files = await db
    .select({ id: storedFiles.id, width: storedFiles.width, height: storedFiles.height, variantOf: storedFiles.variantOf })
    .from(storedFiles)
    .where(or(and(eq(storedFiles.id, id), isNull(storedFiles.variantOf)), eq(storedFiles.variantOf, id)))
    .orderBy(asc(storedFiles.width));
  if (!files.some((file) => file.id === id)) return null;
  return toImage(id, files);
}

const infoColumns = {
  id: storedFiles.id,
  contentType: storedFiles.contentType,
  byteSize: storedFiles.byteSize,
  sha256: storedFiles.sha256,
  width: storedFiles.width,
  height: storedFiles.height,
  createdAt: storedFiles.createdAt,
};

/** One file's row without its bytes (a HEAD request), or null: a malformed id is simply no file's. */
export async function readFileInfo(db: Db, id: string): Promise<StoredFileInfo | null> {
  if (!isFileId(id)) return null;
  const [file] = await db.select(infoColumns).from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return file ?? null;
}

/** One file with its bytes, for serving, or null. */
export async function readFile(db: Db, id: string): Promise<StoredFile | null> {
  if (!isFileId(id)) return null;
  const [file] = await db
    .select({ ...infoColumns, data: storedFiles.data })
    .from(storedFiles)
    .where(eq(storedFiles.id, id))
    .limit(1);
  return file ?? null;
}

/**
 * Deletes an image and all its sizes (true), or finds none (false). Its URLs then answer 404,
 * though browsers and caches that fetched them may keep them for their year.
 */
export async function deleteImage(db: Db, id: string): Promise<boolean> {
  if (!isFileId(id)) return false;
  const deleted = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.id, id), isNull(storedFiles.variantOf)))
    .returning({ id: storedFiles.id });
  return deleted.length > 0;
}
