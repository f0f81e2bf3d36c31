import pino from "pino";
import pretty from "pino-pretty";
import type { AppConfig } from "./config";

export type Logger = pino.Logger;

/**
 * Structured logs; secrets and form bodies never go in (see the redact list). In production, one
 * JSON line per event for the log collector. Elsewhere the lines are formatted for a person by
 * pino-pretty as a synchronous stream in this thread: a worker-thread transport would load
 * pino-pretty by name at run time, which a bundled server cannot do. `env` comes from the config;
 * callers that leave it out (tests, scripts) get the production format, and a silent logger never
 * builds the pretty stream.
 */
export function createLogger(level: string, env: AppConfig["env"] = "production"): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: {
      paths: ["password", "*.password", "token", "*.token", "recaptchaToken", "*.recaptchaToken", "headers.cookie", "headers.authorization"],
      censor: "[redacted]",
    },
  };
  if (env === "production" || level === "silent") return pino(options);
  return pino(
    options,
    pretty({ colorize: pretty.isColorSupported, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", sync: true }),
  );
}
