import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * A server on the embedded database holds its data dir alone (PGlite has no lock of its own,
 * server/db/data-dir-lock.ts), so a command that must write to that database while the server runs
 * asks the server to do it: over a Unix socket inside the data dir, which only those who may
 * read the database itself can open (the socket is made owner-only, like the lock). Nothing
 * listens on the network. One request per connection: a line of JSON, answered by a line of JSON.
 */
export const CONTROL_SOCKET_NAME = "admin.sock";

/** A Unix socket's path must fit sockaddr_un (108 bytes on Linux, with its terminating NUL). */
const MAX_SOCKET_PATH_BYTES = 100;

/** A request is a few hundred bytes; anything longer is refused unread. */
const MAX_REQUEST_BYTES = 16 * 1024;

/** How long either side waits for the other before giving up on a connection. */
const IO_TIMEOUT_MS = 30_000;

export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), CONTROL_SOCKET_NAME);
}

export class ControlSocketError extends Error {
  override name = "ControlSocketError";
  constructor(
    message: string,
    /** No server listens there (ENOENT, ECONNREFUSED): the caller may say so in its own words. */
    readonly notListening = false,
  ) {
    super(message);
  }
}

export type ControlSocket = { path: string; close: () => Promise<void> };

/**
 * Listens on the data dir's control socket; `handle` answers each request (its thrown errors are
 * answered as `{ ok: false, error: "failed" }`, the detail only in `onError`). Null when the data
 * dir's path is too long for a socket: the caller logs that commands cannot reach this server.
 */
export async function listenControlSocket(
  dataDir: string,
  handle: (request: unknown) => Promise<unknown>,
  onError: (error: unknown) => void,
): Promise<ControlSocket | null> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) return null;
  // Whoever made it is gone: this process holds the data dir's lock.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    connection.setTimeout(IO_TIMEOUT_MS, () => connection.destroy());
    readLine(connection)
      .then(async (line) => {
        let answer: unknown;
        try {
          answer = await handle(JSON.parse(line));
        } catch (error) {
          if (error instanceof SyntaxError) answer = { ok: false, error: "The request was not JSON." };
          else {
            onError(error);
            answer = { ok: false, error: "failed" };
          }
        }
        connection.end(`${JSON.stringify(answer)}\n`);
      })
      .catch(() => connection.destroy());
  });
  // Owner-only from its first moment: the umask applies to the socket bind() creates.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } finally {
    process.umask(umask);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Sends one request to the server holding `dataDir` and answers its reply. */
export async function requestOverControlSocket(dataDir: string, request: unknown): Promise<unknown> {
  const socketPath = controlSocketPath(dataDir);
  const connection = net.connect(socketPath);
  connection.setTimeout(IO_TIMEOUT_MS, () => connection.destroy(new ControlSocketError("the running server did not answer in time")));
  try {
    await new Promise<void>((resolve, reject) => {
      connection.once("connect", resolve);
      connection.once("error", reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ControlSocketError(`could not reach the running server (${code ?? "error"})`, code === "ENOENT" || code === "ECONNREFUSED");
  }
  connection.write(`${JSON.stringify(request)}\n`);
  const line = await readLine(connection);
  connection.end();
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new ControlSocketError("the running server's answer was not JSON");
  }
}

/** The first line a connection sends (at most MAX_REQUEST_BYTES), or what it sent before it ended. */
function readLine(connection: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      const newline = chunk.indexOf(10);
      const part = newline === -1 ? chunk : chunk.subarray(0, newline);
      size += part.length;
      if (size > MAX_REQUEST_BYTES) {
        cleanup();
        reject(new ControlSocketError("message too long"));
        connection.destroy();
        return;
      }
      chunks.push(part);
      if (newline !== -1) {
        cleanup();
        resolve(Buffer.concat(chunks).toString("utf8"));
      }
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      connection.off("data", onData);
      connection.off("end", onEnd);
      connection.off("error", onError);
    };
    connection.on("data", onData);
    connection.on("end", onEnd);
    connection.on("error", onError);
  });
}
