import pino from "pino";
import pretty from "pino-pretty";
import type { AppConfig } from "./config";
import { scrubLogValue, serializeError } from "./log-redaction";

export type Logger = pino.Logger;

/**
 * Secret-named fields pino itself blanks, at the top, one level down and in headers: a second
 * line of defence behind scrubLogValue(), which redacts them at any depth, for what does not pass
 * through a log call (a child logger's bindings).
 */
const secretNames = ["password", "token", "recaptchaToken", "secret", "cookie", "authorization", "apiKey"];
const redactPaths = [
  ...secretNames.flatMap((name) => [name, `*.${name}`]),
  ...["cookie", "authorization", "set-cookie", "proxy-authorization", "x-api-key"].flatMap((name) => [
    `headers["${name}"]`,
    `*.headers["${name}"]`,
  ]),
];

/** Every log call's arguments as the logs may hold them (docs/decisions/0612, server/log-redaction.ts). */
function scrubArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  // pino would log an Error's own message as the line's message when none is given: the scrubbed
  // error carries the message we allow, and pino takes that one instead.
  const head = first instanceof Error ? { err: serializeError(first) } : scrubLogValue(first);
  return [head, ...rest.map((value) => scrubLogValue(value))];
}

/**
 * Structured logs; secrets, personal data and form bodies never go in: every call's values pass
 * through scrubLogValue (errors by an allow-list of their fields, secret-named keys blanked, URL
 * passwords and e-mail addresses removed from strings). In production, one JSON line per event
 * for the log collector. Elsewhere the lines are formatted for a person by pino-pretty as a
 * synchronous stream in this thread: no worker thread to start, and nothing left to flush when the
 * process exits. `env` comes from the config; callers that leave it
 * out (tests, scripts) get the production format, and a silent logger never builds the pretty
 * stream. `destination` (tests) receives the JSON lines instead of stdout.
 */
export function createLogger(level: string, env: AppConfig["env"] = "production", destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: { paths: redactPaths, censor: "[redacted]" },
    serializers: {
      err: (value: unknown) => scrubLogValue(value),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, scrubArguments(args) as Parameters<typeof method>);
      },
    },
  };
  if (destination) return pino(options, destination);
  if (env === "production" || level === "silent") return pino(options);
  return pino(
    options,
    pretty({ colorize: pretty.isColorSupported, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", sync: true }),
  );
}
