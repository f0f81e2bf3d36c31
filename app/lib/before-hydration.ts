/**
 * What a page does between its first paint and the moment its code takes over
 * (docs/decisions/0501).
 *
 * The lead dialogs are native `<dialog>` elements in the prerendered HTML, opened by buttons with
 * `commandfor` / `command="show-modal"` (app/components/dialog-opener-button.tsx): the browser
 * opens them and their plain form at first paint, with or without JavaScript. What the browser
 * cannot do on its own is wait for the bot check. A small script, inline and first in `<head>`,
 * therefore:
 *
 * - holds a lead form's submit made before that form's code has taken over (a form inside a
 *   `HydrateOnIntent` that marked itself `data-holds-submits` has taken over: it holds and replays
 *   submits itself), so that a visitor whose browser runs JavaScript is never sent as scriptless:
 *   only a browser without JavaScript is. A press on an empty or invalid form is held the same
 *   way, without the browser's own "Please fill out this field" bubble, so the form's code shows
 *   the product's messages once it is in. If the code has not taken over within
 *   BEFORE_HYDRATION_FALLBACK_MS, or a script fails to load, the form is sent natively (the
 *   browser checks its constraints first) and its page answers;
 * - remembers which button opened a dialog before hydration, so that its click is counted once
 *   the button's code is in (`claimEarlyOpen`);
 * - opens and closes the dialogs itself in a browser that does not know invoker commands yet.
 *
 * The server's CSP allows it by its hash (server/static-site.ts hashes every inline script).
 */

/** How long a submit made before the page's code arrived waits for it before going natively. */
export const BEFORE_HYDRATION_FALLBACK_MS = 8000;

/** A lead form's container sets this once its own code holds and replays submits. */
export const HOLDS_SUBMITS_ATTRIBUTE = "data-holds-submits";

/** A submit held before the form's code took over. */
export type HeldSubmit = { form: HTMLFormElement; submitter: HTMLElement | null };

declare global {
  interface Window {
    /** Set by the inline script below. */
    __beforeHydration?: {
      /** The held submit of a form inside `container`, handed over once (its fallback stops). */
      takeSubmit: (container: Element) => HeldSubmit | null;
      /** True, once, if `button` opened its dialog before hydration. */
      takeOpen: (button: Element) => boolean;
    };
  }
}

export const beforeHydrationScript = `(function(){var d=document,held=null,timer=0,failed=false,passing=false,opened=[],
native="command" in HTMLButtonElement.prototype;
function lead(f){return f&&f.matches&&f.matches("form[data-lead-form]")&&!f.closest("[${HOLDS_SUBMITS_ATTRIBUTE}]")}
function take(){var h=held;held=null;clearTimeout(timer);if(h&&h.submitter)h.submitter.removeAttribute("aria-busy");return h}
function fallback(){var h=take();if(!h||!h.form.isConnected)return;passing=true;var ok=h.form.reportValidity();passing=false;if(ok)HTMLFormElement.prototype.submit.call(h.form)}
function hold(f,b){if(held)return;held={form:f,submitter:b||null};if(b)b.setAttribute("aria-busy","true");timer=setTimeout(fallback,failed?0:${BEFORE_HYDRATION_FALLBACK_MS})}
d.addEventListener("submit",function(e){var f=e.target;if(!lead(f)||failed)return;e.preventDefault();hold(f,e.submitter)},true);
d.addEventListener("invalid",function(e){var f=e.target&&e.target.form;if(passing||failed||!lead(f))return;e.preventDefault();hold(f,null)},true);
d.addEventListener("click",function(e){var b=e.target&&e.target.closest?e.target.closest("button[commandfor]"):null;if(!b)return;
var c=b.getAttribute("command"),t=d.getElementById(b.getAttribute("commandfor"));
if(c==="show-modal"&&!d.documentElement.hasAttribute("data-hydrated"))opened.push(b);
if(native||e.defaultPrevented||!t||!t.showModal)return;if(c==="show-modal"&&!t.open)t.showModal();else if(c==="close"&&t.open)t.close()});
addEventListener("error",function(e){var t=e.target;if(t&&(t.tagName==="SCRIPT"||t.tagName==="LINK")){failed=true;if(held)fallback()}},true);
addEventListener("unhandledrejection",function(e){if(/import|module/i.test(String(e.reason&&e.reason.message))){failed=true;if(held)fallback()}});
window.__beforeHydration={takeSubmit:function(c){return held&&c.contains(held.form)?take():null},
takeOpen:function(b){var i=opened.indexOf(b);if(i<0)return false;opened.splice(i,1);return true}}})();`;

/** The submit held for a form inside `container` before its code took over, if any (once). */
export function takeHeldSubmit(container: Element): HeldSubmit | null {
  return typeof window === "undefined" ? null : (window.__beforeHydration?.takeSubmit(container) ?? null);
}

/** True, once, if `button` opened its dialog before the page hydrated: its click is counted now. */
export function claimEarlyOpen(button: Element | null): boolean {
  const early = typeof window === "undefined" ? undefined : window.__beforeHydration;
  return Boolean(button && early?.takeOpen(button));
}
