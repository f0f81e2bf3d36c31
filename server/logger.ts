import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs. Secrets and form bodies never go in; see the redact list. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["password", "*.password", "token", "*.token", "recaptchaToken", "*.recaptchaToken", "headers.cookie", "headers.authorization"],
      censor: "[redacted]",
    },
  });
}
