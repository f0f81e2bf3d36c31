import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "~/lib/toast";
import { renderSVG } from "uqr";
import { totpCodeSchema } from "@shared/schemas/admin";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { authClient } from "~/lib/auth-client";
import { adminSessionKey } from "../admin-session";

type Enrolment = { totpURI: string; backupCodes: string[] };

/** The secret in an otpauth:// URI, for typing into an app by hand. */
function secretOf(uri: string): string {
  try {
    return new URL(uri).searchParams.get("secret") ?? "";
  } catch {
    return "";
  }
}

/** Each step's submit button (its label while busy) and Cancel, which goes back to the start. */
function FormActions({ busy, busyLabel, label, onCancel }: { busy: boolean; busyLabel: string; label: string; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

export const TWO_FACTOR_REQUIRED_TEXT =
  "Two-factor sign-in is required for every staff member on this site. Add a passkey above, or set up an authenticator app here, to open the admin area.";

/**
 * Enrol a TOTP authenticator (better-auth two-factor plugin): confirm the password, scan the QR
 * code or type the secret, keep the backup codes, and verify one code to switch it on.
 * `required`: the admin area stays closed until it is on (ADMIN_REQUIRE_TWO_FACTOR), so the
 * card says so and opens at the password step.
 */
export function TwoFactorSetup({ enabled, required = false }: { enabled: boolean; required?: boolean }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = React.useState<"idle" | "password" | "verify">(required && !enabled ? "password" : "idle");
  const [password, setPassword] = React.useState("");
  const [code, setCode] = React.useState("");
  const [enrolment, setEnrolment] = React.useState<Enrolment | null>(null);
  const [fieldError, setFieldError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);
  const disabling = enabled && stage === "password";

  function reset() {
    setStage("idle");
    setPassword("");
    setCode("");
    setEnrolment(null);
    setFieldError(undefined);
  }

  async function submitPassword(event: React.FormEvent) {
    event.preventDefault();
    if (!password) {
      setFieldError("Enter your password");
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    try {
      const client = authClient().twoFactor;
      if (disabling) {
        const { error } = await client.disable({ password });
        if (error) return void toast.error(error.message || "Failed to turn off two-factor sign-in");
        toast.success("Two-factor sign-in turned off");
        reset();
        await queryClient.invalidateQueries({ queryKey: adminSessionKey });
        return;
      }
      const { data, error } = await client.enable({ password });
      if (error || !data || !("totpURI" in data)) return void toast.error(error?.message || "Failed to start two-factor setup");
      setEnrolment({ totpURI: data.totpURI, backupCodes: data.backupCodes });
      setPassword("");
      setStage("verify");
    } catch {
      toast.error("Failed to start two-factor setup");
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: React.FormEvent) {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse({ code });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    try {
      const { error } = await authClient().twoFactor.verifyTotp({ code: parsed.data.code });
      if (error) return void toast.error(error.message || "Invalid code");
      toast.success("Two-factor sign-in is on");
      reset();
      await queryClient.invalidateQueries({ queryKey: adminSessionKey });
    } catch {
      toast.error("Invalid code");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="grid gap-4" aria-labelledby="two-factor-title">
      <div className="flex flex-wrap items-center gap-3">
        <CardTitle id="two-factor-title">Two-factor sign-in</CardTitle>
        {enabled ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>}
      </div>
      <CardDescription data-testid={required && !enabled ? "two-factor-required" : undefined}>
        {enabled
          ? "Signing in asks for a code from your authenticator app (or a backup code)."
          : required
            ? TWO_FACTOR_REQUIRED_TEXT
            : "Protect this staff account with a code from an authenticator app at every password sign-in."}
      </CardDescription>

      {stage === "idle" ? (
        <div>
          <Button variant={enabled ? "outline" : "default"} onClick={() => setStage("password")}>
            {enabled ? "Turn off two-factor sign-in" : "Set up two-factor sign-in"}
          </Button>
        </div>
      ) : null}

      {stage === "password" ? (
        <form onSubmit={submitPassword} noValidate className="grid max-w-sm gap-3">
          <FormField id="two-factor-password" label="Confirm your password" error={fieldError}>
            {(control) => (
              <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
            )}
          </FormField>
          <FormActions busy={busy} busyLabel="Please wait..." label="Continue" onCancel={reset} />
        </form>
      ) : null}

      {stage === "verify" && enrolment ? (
        <div className="grid gap-5 md:grid-cols-[auto_1fr]">
          <div
            className="size-48 rounded-md border border-border bg-white p-2 [&>svg]:size-full"
            role="img"
            aria-label="QR code to scan with your authenticator app"
            data-testid="totp-qr"
            dangerouslySetInnerHTML={{ __html: renderSVG(enrolment.totpURI, { border: 1 }) }}
          />
          <div className="grid min-w-0 content-start gap-4">
            <div>
              <p className="text-sm font-semibold">Or type this secret into the app</p>
              <code data-testid="totp-secret" className="mt-1 block break-all rounded bg-muted px-2 py-1 text-sm">
                {secretOf(enrolment.totpURI)}
              </code>
            </div>
            <div>
              <p className="text-sm font-semibold">Backup codes</p>
              <p className="text-sm text-muted-foreground">Each works once if you lose your phone. Store them somewhere safe now: they are not shown again.</p>
              <ul data-testid="backup-codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-3">
                {enrolment.backupCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
            <form onSubmit={submitCode} noValidate className="grid max-w-sm gap-3">
              <FormField id="two-factor-code" label="Code from the app" error={fieldError}>
                {(control) => (
                  <Input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
                )}
              </FormField>
              <FormActions busy={busy} busyLabel="Verifying..." label="Verify and turn on" onCancel={reset} />
            </form>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
