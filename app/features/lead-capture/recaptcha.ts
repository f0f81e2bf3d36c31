import { getRuntimeConfig } from "~/lib/runtime-config";

/**
 * What the visitor sees when the bot check is configured but could not start
 * (docs/product.md#lead-form-errors).
 */
export const BOT_CHECK_NOT_READY = "reCAPTCHA not ready. Please refresh and try again.";

/** How long a submission waits for a still-loading reCAPTCHA script before giving up. */
const READY_TIMEOUT_MS = 5000;

type Grecaptcha = {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export class BotCheckNotReadyError extends Error {
  override name = "BotCheckNotReadyError";
  constructor() {
    super(BOT_CHECK_NOT_READY);
  }
}

let loading: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  if (loading) return loading;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) return reject(new Error("reCAPTCHA script loaded without grecaptcha"));
      grecaptcha.ready(() => resolve(grecaptcha));
    };
    script.onerror = () => reject(new Error("reCAPTCHA script failed to load"));
    document.head.appendChild(script);
  });
  // A failed load may be retried by a later submission (for example after a network blip).
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * Starts loading reCAPTCHA v3, if a site key is configured. Called when a lead form is first
 * opened or focused: never on page load, so visitors who never touch a form load nothing.
 */
export function preloadBotCheck(): void {
  const siteKey = getRuntimeConfig().recaptchaSiteKey;
  if (!siteKey || typeof document === "undefined") return;
  loadRecaptcha(siteKey).catch(() => {
    // Reported when the visitor submits.
  });
}

/**
 * A fresh token for one submission, or null when the bot check is off (no site key).
 * Throws BotCheckNotReadyError when it is configured but cannot produce a token.
 */
export async function getBotToken(action: string): Promise<string | null> {
  const siteKey = getRuntimeConfig().recaptchaSiteKey;
  if (!siteKey) return null;
  try {
    const grecaptcha = await Promise.race([
      loadRecaptcha(siteKey),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("reCAPTCHA timed out")), READY_TIMEOUT_MS)),
    ]);
    const token = await grecaptcha.execute(siteKey, { action });
    if (!token) throw new Error("empty token");
    return token;
  } catch {
    throw new BotCheckNotReadyError();
  }
}
