import * as React from "react";
import { useSearchParams } from "react-router";
import { paths } from "@shared/site-routes";
import { ssoErrorMessage } from "@shared/staff-sso";
import { Button } from "~/components/ui/button";
import { authClient } from "~/lib/auth-client";
import { getRuntimeConfig } from "~/lib/runtime-config";

const LABELS = { google: "Sign in with Google", microsoft: "Sign in with Microsoft" } as const;

/**
 * Single sign-on on /admin/login (docs/decisions/0215): a button per provider the server has a
 * client id and secret for (none otherwise), and the plain sentence for a refused sign-in, which
 * comes back here as `?error=<code>` (never with the e-mail). Who may sign in is decided by the
 * server; these buttons only start better-auth's redirect to the provider.
 */
export function SsoButtons() {
  const providers = getRuntimeConfig().staffSignOn;
  const [searchParams, setSearchParams] = useSearchParams();
  const [refusal] = React.useState(() => {
    const code = searchParams.get("error");
    return code ? ssoErrorMessage(code) : null;
  });
  const [busy, setBusy] = React.useState<string | null>(null);
  const [failed, setFailed] = React.useState<string | null>(null);

  React.useEffect(() => {
    // Shown once: a reload or a bookmark of the page does not repeat it.
    if (searchParams.has("error")) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  if (providers.length === 0 && !refusal) return null;

  async function start(provider: (typeof providers)[number]) {
    setBusy(provider);
    setFailed(null);
    try {
      const { error } = await authClient().signIn.social({ provider, callbackURL: paths.adminLogin, errorCallbackURL: paths.adminLogin });
      if (error) {
        setFailed(ssoErrorMessage(""));
        setBusy(null);
      }
      // Otherwise the browser is on its way to the provider.
    } catch {
      setFailed(ssoErrorMessage(""));
      setBusy(null);
    }
  }

  const message = failed ?? refusal;
  return (
    <section aria-label="Single sign-on" className="mt-6 grid gap-3">
      {message && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {message}
        </p>
      )}
      {providers.length > 0 && (
        <>
          <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          {providers.map((provider) => (
            <Button key={provider} type="button" variant="outline" className="w-full" disabled={busy !== null} onClick={() => void start(provider)}>
              {busy === provider ? "Redirecting..." : LABELS[provider]}
            </Button>
          ))}
        </>
      )}
    </section>
  );
}
