import * as React from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Laptop, Smartphone } from "lucide-react";
import type { AdminUser, OwnSession, OwnSessionsResponse, OwnSessionsRevokedResponse } from "@shared/api/admin-api";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { authClient } from "~/lib/auth-client";
import { ApiError, adminJson } from "../api-client";
import { adminSessionKey, mustEnrolTwoFactor } from "../admin-session";
import { TwoFactorSetup } from "./two-factor-setup";
import { formatDateTime } from "../format";

/**
 * A staff member's own sign-in methods and devices (docs/decisions/0207): passkeys (better-auth's
 * passkey plugin, through its client), the authenticator app, and the browsers signed in to this
 * account (our /api/admin/me/sessions, which calls better-auth's listSessions and revokes). Where
 * two-factor sign-in is required and none is set up, this is the page the admin shell sends them
 * to, showing only the two ways to set one up.
 */
export function AccountSecurity({ admin }: { admin: AdminUser }) {
  const enrolFirst = mustEnrolTwoFactor(admin);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <p className="text-muted-foreground [overflow-wrap:anywhere]">
        Signed in as <span className="font-semibold text-foreground">{admin.email}</span>
      </p>
      <PasskeysCard />
      <TwoFactorSetup enabled={admin.twoFactorEnabled} required={enrolFirst} />
      {enrolFirst ? null : <SessionsCard />}
    </div>
  );
}

const passkeysKey = ["auth", "passkeys"] as const;
type Passkey = { id: string; name?: string | null; createdAt?: string | Date | null; deviceType?: string };


function PasskeysCard() {
  const queryClient = useQueryClient();
  const [name, setName] = React.useState("");
  const [busy, setBusy] = React.useState(false);
  // Where focus goes when the focused Remove button disappears with its passkey.
  const nameInput = React.useRef<HTMLInputElement>(null);
  const list = useQuery({
    queryKey: passkeysKey,
    queryFn: async (): Promise<Passkey[]> => {
      const { data, error } = await authClient().passkey.listUserPasskeys();
      if (error) throw new ApiError(error.status, error.message ?? "Failed to load passkeys");
      return (data ?? []) as Passkey[];
    },
  });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: passkeysKey }), queryClient.invalidateQueries({ queryKey: adminSessionKey })]);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await authClient().passkey.addPasskey({ name: name.trim() || undefined });
      if (result?.error) {
        toast.error(result.error.message || "The passkey was not added");
        return;
      }
      toast.success("Passkey added: next time, sign in with it");
      setName("");
      await refresh();
    } catch {
      toast.error("The passkey was not added");
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: Passkey) {
    const { error } = await authClient().passkey.deletePasskey({ id: passkey.id });
    if (error) return void toast.error(error.message || "The passkey was not removed");
    toast.success("Passkey removed");
    await refresh();
    nameInput.current?.focus();
  }

  return (
    <Card className="grid gap-4" aria-labelledby="passkeys-title">
      <div className="flex flex-wrap items-center gap-3">
        <CardTitle id="passkeys-title">Passkeys</CardTitle>
        {list.data && list.data.length > 0 ? <Badge variant="success">{list.data.length} added</Badge> : <Badge variant="outline">None</Badge>}
      </div>
      <CardDescription>
        Sign in with your fingerprint, face or device PIN, or a security key, instead of a password. A passkey cannot be phished and counts as
        two-factor sign-in.
      </CardDescription>
      {list.isPending ? <Spinner label="Loading passkeys" /> : null}
      {list.data && list.data.length > 0 ? (
        <ul className="grid gap-2" data-testid="passkey-list">
          {list.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2">
              <span className="flex min-w-0 items-center gap-2">
                <KeyRound className="size-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="grid min-w-0">
                  <span className="font-medium [overflow-wrap:anywhere]">{p.name || "Passkey"}</span>
                  <span className="text-xs text-muted-foreground">Added {formatDateTime(p.createdAt)}</span>
                </span>
              </span>
              <Button variant="ghost-destructive" size="sm" onClick={() => void remove(p)} aria-label={`Remove passkey ${p.name || ""}`.trim()}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={add} className="grid max-w-md gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <FormField id="passkey-name" label="Name (optional)">
          {(control) => <Input {...control} ref={nameInput} value={name} maxLength={60} placeholder="e.g. Work laptop" onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <Button type="submit" disabled={busy}>
          <KeyRound aria-hidden="true" />
          {busy ? "Waiting for your device..." : "Add a passkey"}
        </Button>
      </form>
    </Card>
  );
}

const sessionsKey = ["admin", "me", "sessions"] as const;

/** "Chrome on macOS" from a User-Agent: enough to recognise one's own devices. */
export function describeBrowser(userAgent: string | null): { label: string; mobile: boolean } {
  if (!userAgent) return { label: "Unknown browser", mobile: false };
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /(Chrome|Chromium|CriOS)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const system = /iPhone|iPad/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Mac OS X|Macintosh/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux|X11/.test(ua)
            ? "Linux"
            : null;
  return { label: system ? `${browser} on ${system}` : browser, mobile: /Mobile|iPhone|Android/.test(ua) };
}

function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: () => adminJson<OwnSessionsResponse>("/me/sessions").then((r) => r.items) });
  const revoke = useMutation({
    mutationFn: (target: OwnSession | "others") =>
      adminJson<OwnSessionsRevokedResponse>(target === "others" ? "/me/sessions/revoke-others" : `/me/sessions/${target.id}/revoke`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });

  // Where focus goes when the focused Sign out button disappears with its device.
  const title = React.useRef<HTMLHeadingElement>(null);
  async function signOut(target: OwnSession | "others") {
    try {
      const { revoked } = await revoke.mutateAsync(target);
      toast.success(target === "others" ? `Signed out ${revoked} other ${revoked === 1 ? "device" : "devices"}` : "Signed out that device");
      title.current?.focus();
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : "Failed to sign out");
    }
  }

  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card className="grid gap-4" aria-labelledby="sessions-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="sessions-title" ref={title} tabIndex={-1} className="focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Signed-in devices
        </CardTitle>
        <Button variant="outline" size="sm" disabled={others === 0 || revoke.isPending} onClick={() => void signOut("others")}>
          Sign out all other devices
        </Button>
      </div>
      <CardDescription>Every browser signed in to your account. Don&apos;t recognise one? Sign it out and change your password.</CardDescription>
      {sessions.isPending ? <Spinner label="Loading your devices" /> : null}
      {sessions.isError ? <p className="text-sm text-destructive">Could not load your devices.</p> : null}
      {sessions.data ? (
        <ul className="grid gap-2" data-testid="session-list">
          {sessions.data.map((s) => {
            const { label, mobile } = describeBrowser(s.userAgent);
            const Icon = mobile ? Smartphone : Laptop;
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2" data-testid="session-row">
                <span className="flex min-w-0 items-start gap-2">
                  <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="grid min-w-0 text-sm">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {label}
                      {s.current ? <Badge variant="success">This device</Badge> : null}
                    </span>
                    <span className="text-muted-foreground [overflow-wrap:anywhere]">
                      {s.ipAddress ?? "Unknown address"} · last active {formatDateTime(s.lastActiveAt)}
                    </span>
                  </span>
                </span>
                {s.current ? null : (
                  <Button variant="ghost-destructive" size="sm" disabled={revoke.isPending} onClick={() => void signOut(s)} aria-label={`Sign out ${label}, last active ${formatDateTime(s.lastActiveAt)}`}>
                    Sign out
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}
