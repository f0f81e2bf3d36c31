import { Writable } from "node:stream";
import { createLogger } from "../../server/logger";

/** A logger as the server makes it (production format), keeping its JSON lines here. */
export function capturedLogger(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const logger = createLogger(level, "production", stream);
  return { logger, text: () => lines.join("\n"), records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
