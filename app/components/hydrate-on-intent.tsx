import * as React from "react";
import { ChunkFallbackBoundary } from "~/lib/chunk-fallback";
import { BEFORE_HYDRATION_FALLBACK_MS, HOLDS_SUBMITS_ATTRIBUTE, takeHeldSubmit, type HeldSubmit } from "~/lib/before-hydration";

type Gate = {
  /** The visitor has turned to the content: load and hydrate it. */
  opened: boolean;
  /** The content has hydrated: its own handlers are live. */
  hydrated: boolean;
  /** Its code could not load: the prerendered HTML stands on its own, submits go natively. */
  failed: boolean;
  /** A form submitted before then, replayed once hydrated. */
  pendingSubmit: HeldSubmit | null;
  promise: Promise<void>;
  open: () => void;
  /** Holds a submit until the content has hydrated (and opens the gate for it). */
  hold: (held: HeldSubmit) => void;
  markHydrated: () => void;
  markFailed: () => void;
};

function createGate(): Gate {
  let resolve = () => {};
  const gate: Gate = {
    opened: false,
    hydrated: false,
    failed: false,
    pendingSubmit: null,
    promise: new Promise<void>((r) => (resolve = r)),
    open: () => {
      if (gate.opened) return;
      gate.opened = true;
      resolve();
    },
    hold: (held) => {
      gate.pendingSubmit = held;
      gate.open();
    },
    markFailed: () => {
      gate.failed = true;
    },
    markHydrated: () => {
      gate.hydrated = true;
      const pending = gate.pendingSubmit;
      gate.pendingSubmit = null;
      if (!pending?.form.isConnected) return;
      // The form validates itself from now on (it sets noValidate on its next render): a press
      // held because the browser found it invalid now shows the form's own messages.
      pending.form.noValidate = true;
      pending.form.requestSubmit(pending.submitter);
    },
  };
  return gate;
}

const subscribeNothing = () => () => {};
const INTENT_EVENTS = ["focusin", "pointerdown", "pointerover", "touchstart", "keydown"] as const;

/**
 * Server-rendered content whose code loads, and which hydrates, only when the visitor turns to
 * it (pointer over it, a touch, focus inside it). Until then the prerendered HTML stays as it is
 * and none of its JavaScript runs.
 *
 * For the inline lead forms: their validation schemas and form library are most of a page's
 * start-up work (docs/decisions/0303), for a form most visitors never touch. The HTML is
 * complete without JavaScript; a submit before the code is in (held by the page's inline script
 * until this component's effect runs, app/lib/before-hydration.ts) is held back and replayed once
 * the form has hydrated, or sent natively if the code has not come within
 * BEFORE_HYDRATION_FALLBACK_MS. A press the browser finds invalid (an empty required field) is
 * held the same way, without the browser's own bubble, so the form's messages show instead. On a
 * client-side navigation there is nothing to hydrate, so `children` render at once (behind
 * `fallback` while their code loads).
 *
 * `children` should be (or contain) a `React.lazy` component, so that its code is not part of
 * the page's own chunk. Once they have hydrated, the wrapper carries `data-hydrated` (the
 * end-to-end tests wait for it before pressing controls that only work with JavaScript).
 */
export function HydrateOnIntent({
  children,
  fallback = null,
  className,
}: {
  children: React.ReactNode;
  fallback?: React.ReactNode;
  className?: string;
}) {
  const [gate] = React.useState(createGate);
  const ref = React.useRef<HTMLDivElement>(null);
  const prerendered = React.useRef<string | null>(null);
  // Puts the visitor's values back into the plain form and sends a held submit (set below).
  const afterFailure = React.useRef(() => {});
  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The prerendered content, still in place and not yet hydrated: shown as plain HTML if its
    // code never comes.
    if (!gate.hydrated) prerendered.current = el.innerHTML;
    // On the window, in the capture phase: ahead of React's own listener, which on this very
    // event tries to hydrate the content and must find the gate already open.
    const onIntent = (event: Event) => {
      if (!(event.target instanceof Node) || !el.contains(event.target)) return;
      gate.open();
      // Once open, stop looking at every pointer move and key press on the page.
      for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, { capture: true });
    };
    // What the visitor has typed, kept apart from the DOM: if the code fails, React replaces the
    // form with its plain copy, which gets these values back.
    let typed: [name: string, value: string][] = [];
    const remember = (event: Event) => {
      const form = (event.target as Element | null)?.closest?.("form");
      if (form && !gate.hydrated) typed = [...new FormData(form)].map(([name, value]) => [name, String(value)]);
    };
    afterFailure.current = () => {
      const form = el.querySelector("form");
      if (!form) return;
      for (const field of form.elements) {
        if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) || !field.name) continue;
        const values = typed.filter(([name]) => name === field.name).map(([, value]) => value);
        if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = values.length > 0;
        else if (field instanceof HTMLInputElement && field.type === "hidden") continue;
        else if (values.length > 0) field.value = values[0]!;
      }
      // A submit held for the code that failed: sent now, as the plain form.
      if (gate.pendingSubmit) {
        gate.pendingSubmit = null;
        HTMLFormElement.prototype.submit.call(form);
      }
    };
    const hold = (held: HeldSubmit) => {
      const { form } = held;
      typed = [...new FormData(form)].map(([name, value]) => [name, String(value)]);
      gate.hold(held);
      // The form's code may never come (a failed chunk, a dead network): after a while the form
      // is sent as it is, natively, and its page answers (docs/decisions/0501).
      window.setTimeout(() => {
        if (gate.hydrated || gate.pendingSubmit?.form !== form || !form.isConnected) return;
        gate.pendingSubmit = null;
        HTMLFormElement.prototype.submit.call(form);
      }, BEFORE_HYDRATION_FALLBACK_MS);
    };
    const holdSubmit = (event: Event) => {
      if (gate.hydrated || gate.failed || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      hold({ form: event.target, submitter: (event as SubmitEvent).submitter });
    };
    // A press on a form the browser finds invalid fires `invalid` on each bad field, not `submit`.
    const holdInvalid = (event: Event) => {
      const form = (event.target as HTMLInputElement | null)?.form;
      if (gate.hydrated || gate.failed || !form || !el.contains(form)) return;
      event.preventDefault();
      if (gate.pendingSubmit?.form !== form) hold({ form, submitter: null });
    };
    for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true });
    el.addEventListener("submit", holdSubmit, true);
    el.addEventListener("invalid", holdInvalid, true);
    el.addEventListener("input", remember, true);
    el.addEventListener("change", remember, true);
    // From here on this component holds the form's submits, not the page's inline script; one
    // the script held meanwhile is handed over.
    el.setAttribute(HOLDS_SUBMITS_ATTRIBUTE, "");
    const early = gate.hydrated ? null : takeHeldSubmit(el);
    if (early) hold(early);
    // The visitor may have turned to it before this ran (the page hydrates at idle priority).
    if (el.contains(document.activeElement) || el.matches(":hover")) gate.open();
    return () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, { capture: true });
      el.removeEventListener("submit", holdSubmit, true);
      el.removeEventListener("invalid", holdInvalid, true);
      el.removeEventListener("input", remember, true);
      el.removeEventListener("change", remember, true);
    };
  }, [gate]);
  return (
    <div ref={ref} className={className}>
      <ChunkFallbackBoundary
        fallback={<PlainHtml prerendered={prerendered} />}
        onFailure={() => {
          gate.markFailed();
          afterFailure.current();
        }}
      >
        <React.Suspense fallback={fallback}>
          <IntentGate gate={gate} container={ref}>
            {children}
          </IntentGate>
        </React.Suspense>
      </ChunkFallbackBoundary>
    </div>
  );
}

/** Shown above the plain form when its code could not load (docs/decisions/0501). */
export const PLAIN_FORM_NOTICE = "Some of this form's features could not load. You can still send it.";
export const PLAIN_FORM_RELOAD = "The form could not load.";

/**
 * What shows when the content's code cannot load (even after retries; ChunkFallbackBoundary): the
 * prerendered HTML as it was, without React, so a lead form posts natively to its page
 * (docs/decisions/0501) instead of the page failing or the form disappearing.
 */
function PlainHtml({ prerendered }: { prerendered: React.RefObject<string | null> }) {
  const html = prerendered.current;
  // After a client-side navigation there is no prerendered copy: a full load brings it.
  if (!html) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {PLAIN_FORM_RELOAD}{" "}
        <a href={window.location.pathname} className="font-semibold text-primary underline underline-offset-4">
          Reload the page
        </a>
      </p>
    );
  }
  return (
    <>
      <p role="status" className="mb-4 text-sm text-muted-foreground">
        {PLAIN_FORM_NOTICE}
      </p>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}

function IntentGate({
  gate,
  container,
  children,
}: {
  gate: Gate;
  container: React.RefObject<HTMLDivElement | null>;
  children: React.ReactNode;
}) {
  // True while hydrating (React reads the server snapshot), false on a client-side render.
  const hydrating = React.useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
  if (hydrating && typeof window !== "undefined" && !gate.opened) React.use(gate.promise);
  React.useEffect(() => {
    container.current?.setAttribute("data-hydrated", "");
    gate.markHydrated();
  }, [gate, container]);
  return children;
}
