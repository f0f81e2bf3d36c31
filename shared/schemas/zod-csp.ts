import { z } from "zod";

/**
 * zod 4 compiles object parsers with `new Function` when the page allows it, probing with
 * `Function("")` on the first parse. Our Content-Security-Policy has no 'unsafe-eval', so the
 * probe is a CSP violation (and a Lighthouse best-practices failure). Jitless parsing skips the
 * probe; forms this size parse just as fast. Every schema module imports this first.
 */
z.config({ jitless: true });
