import * as React from "react";
import { Cookie } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ConsentUiContext } from "~/lib/consent-ui";
import { useEverTrue } from "~/lib/deferred-mount";
import { consentNeeded, initConsent, readConsent, saveConsent, subscribeConsent } from "./consent";

const ConsentPreferences = React.lazy(() =>
  import("./consent-preferences").then((m) => ({ default: m.ConsentPreferences })),
);

/**
 * The consent banner (accept all, reject all, choose) and the preferences dialog. Rendered only
 * in the browser, only when a tag or pixel is configured, and only until the visitor decides;
 * the preferences can be reopened at any time.
 */
export function ConsentProvider({ children }: { children: React.ReactNode }) {
  // The banner and dialog exist only in the browser. Switching them on in a transition after
  // hydration (rather than with a client/server snapshot that differs, which React resolves
  // with a synchronous re-render inside the hydration commit) keeps page start-up in short tasks.
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => React.startTransition(() => setHydrated(true)), []);
  const choice = React.useSyncExternalStore(subscribeConsent, readConsent, () => null);
  const [preferencesOpen, setPreferencesOpen] = React.useState(false);
  // A new key per opening makes the dialog start from the stored choice each time.
  const [openings, setOpenings] = React.useState(0);
  const openPreferences = React.useCallback(() => {
    setOpenings((n) => n + 1);
    setPreferencesOpen(true);
  }, []);
  const ui = React.useMemo(() => ({ openPreferences }), [openPreferences]);

  React.useEffect(() => initConsent(), []);

  const needed = hydrated && consentNeeded();
  const preferencesMounted = useEverTrue(preferencesOpen);
  return (
    <ConsentUiContext.Provider value={ui}>
      {children}
      {needed && !choice && !preferencesOpen ? <ConsentBanner onChoose={openPreferences} /> : null}
      {hydrated && preferencesMounted ? (
        <React.Suspense fallback={null}>
          <ConsentPreferences
            key={openings}
            open={preferencesOpen}
            onOpenChange={setPreferencesOpen}
            needed={needed}
            initial={choice ?? { analytics: false, advertising: false }}
          />
        </React.Suspense>
      ) : null}
    </ConsentUiContext.Provider>
  );
}

function ConsentBanner({ onChoose }: { onChoose: () => void }) {
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto max-w-2xl rounded-xl border border-border bg-background p-4 shadow-xl lg:bottom-4"
    >
      <div className="flex gap-3">
        <Cookie className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-3">
          <p className="text-sm text-foreground">
            We use cookies for analytics and advertising only if you agree. The site works the same either way.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => saveConsent({ analytics: true, advertising: true })}>
              Accept all
            </Button>
            {/* Refusing is as easy and as prominent as accepting. */}
            <Button size="sm" onClick={() => saveConsent({ analytics: false, advertising: false })}>
              Reject all
            </Button>
            <Button size="sm" variant="ghost" onClick={onChoose}>
              Choose
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
