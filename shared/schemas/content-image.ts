/**
 * What an uploaded image may be (docs/decisions/0902), for the studio's form (its file input and
 * zod schema) and the server, which decides by the bytes: a file's name and declared type are
 * never trusted.
 */

/** The largest upload accepted: 10 MB (MiB, as a file manager shows it). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels (width x height, as the file's header declares them) an upload may have: a
 * 50-megapixel phone photo passes; a small file declaring a huge canvas (a decompression bomb)
 * is refused before it is decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The file input's `accept`: a hint to the picker only. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

export const IMAGE_MESSAGES = {
  type: "Choose a JPEG, PNG or WebP image.",
  size: "Choose an image of 10 MB or less.",
  pixels: "Choose an image of 50 megapixels or less.",
  unreadable: "This image could not be read. Choose another JPEG, PNG or WebP image.",
  tooMany: "You have uploaded many images in the last hour. Please try again later.",
} as const;
