/**
 * A request body that counts how much of it the server pulled: `prefix`, then `bytes` of "x" in
 * 64 KB pieces produced only as the reader asks for them, then `suffix`. A server that stops
 * reading at its limit has pulled at most the limit and a piece or two; one that reads everything
 * has pulled all of it (`finished()`).
 */
export const COUNTING_PIECE_BYTES = 64 * 1024;

export function countingBody(bytes: number, prefix = '{"email":"someone@example.com","password":"', suffix = '"}') {
  const encoder = new TextEncoder();
  const piece = encoder.encode("x".repeat(COUNTING_PIECE_BYTES));
  let produced = 0;
  let finished = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(prefix));
      },
      pull(controller) {
        if (produced >= bytes) {
          controller.enqueue(encoder.encode(suffix));
          controller.close();
          finished = true;
          return;
        }
        produced += piece.length;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => produced, finished: () => finished };
}

/** RequestInit for a stream body (a Request needs half duplex for one). */
export function streamInit(method: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>): RequestInit {
  return { method, headers, body, duplex: "half" } as RequestInit;
}
