import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { KeyRound } from "lucide-react";
import { toast } from "~/lib/toast";
import { backupCodeSchema, loginSchema, totpCodeSchema, type LoginInput } from "@shared/schemas/admin";
import { paths } from "@shared/site-routes";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { authClient } from "~/lib/auth-client";
import { ApiError } from "../api-client";
import { adminSessionKey, fetchAdminSession } from "../admin-session";
import { ADMIN_CHECK_FAILED, homeOf } from "./admin-shell";
import { SsoButtons } from "./sso-buttons";

export const LOGIN_FAILED = "Failed to log in";

/** After a session exists: staff go to their roles' home (admin: dashboard, moderator: inbox, editor: studio), anyone else is signed out again. */
function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      const user = await fetchAdminSession();
      queryClient.setQueryData(adminSessionKey, user);
      toast.success("Logged in successfully");
      void navigate(homeOf(user.roles), { replace: true });
    } catch (error) {
      await authClient().signOut().catch(() => undefined);
      queryClient.removeQueries({ queryKey: adminSessionKey });
      if (error instanceof ApiError && error.status === 403) {
        toast.error("Access Denied", { description: "You don't have admin privileges" });
      } else {
        toast.error(ADMIN_CHECK_FAILED);
      }
    }
  };
}

export function LoginForm() {
  const [step, setStep] = React.useState<"password" | "totp">("password");
  const completeSignIn = useCompleteSignIn();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data, error } = await authClient().signIn.email({ email: values.email, password: values.password });
      if (error) {
        toast.error(error.message || LOGIN_FAILED);
        return;
      }
      if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
        setStep("totp");
        return;
      }
      await completeSignIn();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : LOGIN_FAILED);
    }
  });

  const [passkeyBusy, setPasskeyBusy] = React.useState(false);
  // A passkey replaces the password and the second factor (docs/decisions/0207).
  async function signInWithPasskey() {
    setPasskeyBusy(true);
    try {
      const result = await authClient().signIn.passkey();
      if (result?.error) {
        toast.error(result.error.message || LOGIN_FAILED);
        return;
      }
      await completeSignIn();
    } catch {
      toast.error(LOGIN_FAILED);
    } finally {
      setPasskeyBusy(false);
    }
  }

  if (step === "totp") return <TwoFactorChallenge onVerified={completeSignIn} onCancel={() => setStep("password")} />;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="admin-email" label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="username" {...form.register("email")} />}
      </FormField>
      <FormField id="admin-password" label="Password" error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register("password")} />}
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Signing in..." : "Sign in"}
      </Button>
      <Button type="button" variant="outline" className="w-full" disabled={passkeyBusy} onClick={() => void signInWithPasskey()}>
        <KeyRound aria-hidden="true" />
        {passkeyBusy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
      <Link to={paths.adminForgotPassword} className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
        Forgot password?
      </Link>
      <SsoButtons />
    </form>
  );
}

function TwoFactorChallenge({ onVerified, onCancel }: { onVerified: () => Promise<void>; onCancel: () => void }) {
  const [mode, setMode] = React.useState<"totp" | "backup">("totp");
  const [code, setCode] = React.useState("");
  const [fieldError, setFieldError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => inputRef.current?.focus(), [mode]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = (mode === "totp" ? totpCodeSchema : backupCodeSchema).safeParse({ code });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const client = authClient();
      const { error } =
        mode === "totp"
          ? await client.twoFactor.verifyTotp({ code: parsed.data.code })
          : await client.twoFactor.verifyBackupCode({ code: parsed.data.code });
      if (error) {
        toast.error(error.message || LOGIN_FAILED);
        return;
      }
      await onVerified();
    } catch {
      toast.error(LOGIN_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {mode === "totp"
          ? "Open your authenticator app and enter the code it shows for this account."
          : "Enter one of the backup codes you saved when you set up two-factor sign-in."}
      </p>
      <FormField id="admin-2fa-code" label={mode === "totp" ? "Authentication code" : "Backup code"} error={fieldError}>
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode={mode === "totp" ? "numeric" : "text"}
            autoComplete="one-time-code"
            maxLength={mode === "totp" ? 6 : 32}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          onClick={() => {
            setMode(mode === "totp" ? "backup" : "totp");
            setCode("");
            setFieldError(undefined);
          }}
        >
          {mode === "totp" ? "Use a backup code instead" : "Use your authenticator app"}
        </Button>
        <Button type="button" variant="link" size="inline" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
