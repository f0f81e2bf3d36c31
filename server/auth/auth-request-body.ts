import { JSON_ONLY, mediaType } from "../http/validation";

/**
 * Every better-auth endpoint we serve takes a JSON body of a few fields (an email and a password,
 * a six-digit code); 16 KB is a hundred times that and far below what would cost the server memory.
 */
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

export type AuthBodyRefusal = { status: 400 | 413 | 415; code: string; message: string };

const TOO_LARGE: AuthBodyRefusal = {
  status: 413,
  code: "REQUEST_BODY_TOO_LARGE",
  message: `Request body too large (limit ${AUTH_BODY_LIMIT_BYTES / 1024} KB)`,
};
const NOT_JSON: AuthBodyRefusal = { status: 415, code: "UNSUPPORTED_MEDIA_TYPE", message: JSON_ONLY };
const MALFORMED: AuthBodyRefusal = { status: 400, code: "MALFORMED_JSON", message: "Malformed JSON body" };

/**
 * The body of a request to /api/auth/*, read only when it can be admitted: a declared type other
 * than JSON is refused before a byte is read (415), a declared length past the limit too (413),
 * and the stream is counted while it is read, so a lying or absent Content-Length stops at the
 * limit as well (413); what is not read is left to the HTTP server, which discards it. A body
 * without any Content-Type passes only when it is empty (better-auth's client signs out with
 * `{}` as JSON, other clients with no body at all). Malformed JSON is a 400 here, with a message.
 * `text` is undefined for an empty body.
 */
export async function readAuthBody(request: Request): Promise<{ ok: true; text: string | undefined } | ({ ok: false } & AuthBodyRefusal)> {
  const type = mediaType(request.headers.get("content-type"));
  if (type !== "" && type !== "application/json") return { ok: false, ...NOT_JSON };
  const declared = request.headers.get("content-length")?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > AUTH_BODY_LIMIT_BYTES) return { ok: false, ...TOO_LARGE };
  if (!request.body) return { ok: true, text: undefined };

  const bytes = await readAtMost(request.body, AUTH_BODY_LIMIT_BYTES);
  if (bytes === null) return { ok: false, ...TOO_LARGE };
  if (bytes.length === 0) return { ok: true, text: undefined };
  if (type === "") return { ok: false, ...NOT_JSON };
  const text = new TextDecoder().decode(bytes);
  try {
    JSON.parse(text);
  } catch {
    return { ok: false, ...MALFORMED };
  }
  return { ok: true, text };
}

/**
 * The stream's bytes, or null as soon as they pass `limit`. The stream is not cancelled: on Node
 * that would destroy the socket before the 413 is written; @hono/node-server drains or closes the
 * unread rest after the answer instead.
 */
async function readAtMost(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) return null;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
