/**
 * Taps on Book demo and consult buttons before the page has hydrated (docs/decisions/0501).
 *
 * Each such button sits in a tiny GET form whose action is a page that holds its form
 * (/book-demo, /enterprise#request), so without JavaScript it works as a link. With JavaScript,
 * a phone paints the button seconds before React hydrates; a tap in between would take the
 * visitor away to that page although the dialog is about to work. The script below runs in the
 * page's head, before anything else: it keeps the first such tap (marking the button busy, so
 * the tap visibly registered) and the button replays it once it has hydrated (`claimEarlyTap`, in
 * app/components/early-tap-button.tsx). If the page has not hydrated within
 * EARLY_TAP_FALLBACK_MS, or a script or module fails to load (at once if that happened before
 * the tap), the button's form is submitted: the visitor lands on the form's page. Kept once, done
 * once: the script stops a tap it keeps from reaching React, which would otherwise hydrate that
 * part on the spot and run the handler as well as the replay.
 *
 * The script is inline so it runs before the first paint; the server's CSP allows it by its hash
 * (server/static-site.ts hashes every inline script of every page).
 */

/** How long a kept tap waits for the app before it goes to the form's page instead. */
export const EARLY_TAP_FALLBACK_MS = 5000;

/** Marks a control whose tap is kept before hydration; it must be a submit button of a GET form. */
export const EARLY_TAP_ATTRIBUTE = "data-early-tap";

declare global {
  interface Window {
    /** Set by the early-tap script: the kept tap's button, and its release (once). */
    __earlyTap?: { kept: () => HTMLButtonElement | null; release: () => HTMLButtonElement | null };
  }
}

export const earlyTapScript = `(function(){var d=document,r=d.documentElement,kept=null,timer=0,failed=false;
function release(){var b=kept;kept=null;clearTimeout(timer);if(b)b.removeAttribute("aria-busy");return b}
function fallback(){var b=release();if(b&&b.form)b.form.submit()}
function fail(){failed=true;if(kept)fallback()}
d.addEventListener("click",function(e){if(r.hasAttribute("data-hydrated")||e.defaultPrevented)return;
var t=e.target,b=t&&t.closest?t.closest("[${EARLY_TAP_ATTRIBUTE}]"):null;if(!b)return;e.preventDefault();e.stopImmediatePropagation();
if(kept)return;kept=b;b.setAttribute("aria-busy","true");timer=setTimeout(fallback,failed?0:${EARLY_TAP_FALLBACK_MS})},true);
addEventListener("error",function(e){var t=e.target;if(t&&(t.tagName==="SCRIPT"||t.tagName==="LINK"))fail()},true);
addEventListener("unhandledrejection",function(e){if(/import|module/i.test(String(e.reason&&e.reason.message)))fail()});
window.__earlyTap={kept:function(){return kept},release:release}})();`;

/**
 * True, once, if the tap kept before hydration was on `button`: the script lets it go (no
 * fallback to the form's page) and the caller does what the tap asked for.
 */
export function claimEarlyTap(button: HTMLButtonElement | null): boolean {
  const early = typeof window === "undefined" ? undefined : window.__earlyTap;
  if (!button || !early || early.kept() !== button) return false;
  early.release();
  return true;
}
