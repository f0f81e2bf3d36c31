import * as React from "react";
import { retryingImport } from "~/lib/lazy-import";
import { TOAST_DURATION_MS, TOAST_LIMIT, toastStore, type WaitingToast } from "~/lib/toast";

const loadRegion = retryingImport(() => import("./sonner-region"));
const SonnerRegion = React.lazy(() =>
  loadRegion().then(
    (m) => ({ default: m.SonnerRegion }),
    // Its chunk could not load (two retries): the toasts still show, plainly.
    () => ({ default: PlainToasts }),
  ),
);

/**
 * The toast region, on every page: an empty live region, the very element sonner renders with no
 * toast, until a toast is asked for (app/lib/toast.ts); then sonner's, which takes its place.
 */
export function Toaster() {
  const demanded = React.useSyncExternalStore(toastStore.subscribe, toastStore.demanded, () => false);
  if (!demanded) return <Region />;
  return (
    <React.Suspense fallback={<Region />}>
      <SonnerRegion />
    </React.Suspense>
  );
}

function Region({ children }: { children?: React.ReactNode }) {
  return (
    <section
      aria-label="Notifications alt+T"
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      data-react-aria-top-layer="true"
    >
      {children}
    </section>
  );
}

/** The toasts without sonner, where its code could not load: newest last, each for its time. */
function PlainToasts() {
  const waiting = React.useSyncExternalStore(toastStore.subscribe, toastStore.waiting, toastStore.waiting);
  const shown = waiting.slice(-TOAST_LIMIT);
  return (
    <Region>
      {shown.length > 0 ? (
        <ol className="fixed bottom-[88px] right-4 z-50 grid w-[min(22rem,calc(100vw-2rem))] gap-2">
          {shown.map((t) => (
            <PlainToast key={t.id} toast={t} />
          ))}
        </ol>
      ) : null}
    </Region>
  );
}

function PlainToast({ toast }: { toast: WaitingToast }) {
  const duration = toast.options?.duration ?? TOAST_DURATION_MS;
  React.useEffect(() => {
    const timer = setTimeout(() => toastStore.remove(toast.id), duration);
    return () => clearTimeout(timer);
  }, [toast.id, duration]);
  const description = toast.options?.description;
  return (
    <li className="rounded-lg border border-border bg-background p-4 text-sm shadow-lg">
      <p className={toast.kind === "error" ? "font-semibold text-destructive" : "font-semibold text-foreground"}>{toast.title}</p>
      {typeof description === "string" ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
    </li>
  );
}
