import * as React from "react";
import { DialogFormReady } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { ChunkFallbackBoundary, FALLBACK_DELAY_MS, FORM_LOAD_FAILED, FORM_PAGE_OPENING } from "~/lib/chunk-fallback";

/**
 * A full page load of `href`; on its own page, a scroll to its section instead. Not through the
 * router: a location change re-renders the page, and a part still waiting to hydrate
 * (HydrateOnIntent) would then load the very code that just failed.
 */
function openFormPage(href: string) {
  const target = new URL(href, window.location.href);
  const section = target.pathname === window.location.pathname && target.hash ? document.getElementById(target.hash.slice(1)) : null;
  if (!section) return window.location.assign(target.href);
  window.history.replaceState(window.history.state, "", target.hash);
  section.scrollIntoView();
}

/**
 * A dialog's lead form that loads on first use: a spinner in its place until its code is in,
 * then focus moves to its first field (DialogContent `initialFocus="first-field"`). If its code
 * cannot load: a message in its place (the modal dialog hides the toast region from screen
 * readers), then `fallbackHref`, the page that holds the same form; `onFallback` runs just
 * before (a dialog closes, to uncover the form when that page is this one).
 */
export function FormSuspense({
  children,
  fallbackHref,
  onFallback,
}: {
  children: React.ReactNode;
  fallbackHref: string;
  onFallback?: () => void;
}) {
  return (
    <ChunkFallbackBoundary
      onFailure={() =>
        setTimeout(() => {
          onFallback?.();
          openFormPage(fallbackHref);
        }, FALLBACK_DELAY_MS)
      }
      fallback={
        <div role="alert" className="grid gap-1 py-8 text-center">
          <p className="font-semibold">{FORM_LOAD_FAILED}</p>
          <p className="text-sm">
            <a href={fallbackHref} className="font-semibold text-primary underline underline-offset-4">
              {FORM_PAGE_OPENING}
            </a>
          </p>
        </div>
      }
    >
      <React.Suspense
        fallback={
          <div className="flex justify-center py-10">
            <Spinner label="Loading the form" />
          </div>
        }
      >
        {children}
        <DialogFormReady />
      </React.Suspense>
    </ChunkFallbackBoundary>
  );
}
