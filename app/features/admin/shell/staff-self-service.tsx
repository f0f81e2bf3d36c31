import * as React from "react";
import { fieldMessages } from "@shared/field-messages";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "~/lib/toast";
import type { AcceptInvitationResponse, InvitationCheckResponse } from "@shared/api/admin-api";
import { forgotPasswordSchema, newPasswordSchema } from "@shared/schemas/admin";
import { paths } from "@shared/site-routes";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { authClient } from "~/lib/auth-client";
import { adminSessionKey } from "../admin-session";
import { homeOf } from "./admin-shell";

/**
 * The pages a staff member reaches without a session (docs/decisions/0205): forgot password, the
 * reset link's page and the invitation link's page. A link's token is read from the URL's
 * fragment (`#token=`), which the browser never sends to the server, and then removed from the
 * address bar.
 */
function useLinkToken(): string | null | undefined {
  // Admin pages render in the browser only; undefined stands for "not read yet" anywhere else.
  const [token] = React.useState<string | null | undefined>(() => {
    if (typeof window === "undefined") return undefined;
    const value = new URLSearchParams(window.location.hash.slice(1)).get("token");
    return value && value.length >= 16 ? value : null;
  });
  React.useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, "", window.location.pathname);
  }, []);
  return token;
}

async function postJson<T>(path: string, body: unknown): Promise<{ ok: true; data: T } | { ok: false; status: number; message: string; fieldErrors: Record<string, string> }> {
  const res = await fetch(path, { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return { ok: true, data: json as T };
  const message = typeof json.error === "string" ? json.error : typeof json.message === "string" ? json.message : "Something went wrong. Try again.";
  return { ok: false, status: res.status, message, fieldErrors: (json.fieldErrors as Record<string, string> | undefined) ?? {} };
}

export const RESET_REQUESTED_MESSAGE =
  "If an account uses this address, a reset link is on its way. It works once, for one hour. Check your inbox (and spam folder).";

export function ForgotPasswordForm() {
  const [email, setEmail] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);
  const [sent, setSent] = React.useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const res = await postJson("/api/auth/request-password-reset", { email: parsed.data.email });
      if (res.ok) setSent(true);
      else toast.error(res.message);
    } catch {
      toast.error("Could not send the reset link. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="grid gap-4" role="status">
        <p>{RESET_REQUESTED_MESSAGE}</p>
        <Link to={paths.adminLogin} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField id="forgot-email" label="Email" error={error}>
        {(control) => <Input {...control} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Sending..." : "Send reset link"}
      </Button>
      <Link to={paths.adminLogin} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </form>
  );
}

/** Two password fields checked with the shared schema; `labels.password` differs between the pages. */
function NewPasswordFields({
  passwordLabel,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  passwordLabel: string;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (password: string) => Promise<Record<string, string> | void>;
}) {
  const [password, setPassword] = React.useState("");
  const [confirmPassword, setConfirmPassword] = React.useState("");
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [busy, setBusy] = React.useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const fieldErrors = await onSubmit(parsed.data.password);
      if (fieldErrors) setErrors(fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField id="new-password" label={passwordLabel} error={errors.password ?? errors.newPassword}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
      </FormField>
      <FormField id="confirm-password" label="Confirm password" error={errors.confirmPassword}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />}
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <div className="grid gap-4" role="alert">
      <p className="font-medium text-destructive">{message}</p>
      <Link to={paths.adminLogin} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Go to sign in
      </Link>
    </div>
  );
}

export const RESET_LINK_INVALID = "This reset link is not valid or has expired. Ask for a new one from the sign-in page.";

export function ResetPasswordForm() {
  const token = useLinkToken();
  const navigate = useNavigate();
  // Set once the server refused the token (used, expired, unknown): the form gives way to why.
  const [refused, setRefused] = React.useState(false);
  if (token === undefined) return <Spinner label="Reading the link" />;
  if (token === null || refused) return <LinkProblem message={RESET_LINK_INVALID} />;
  return (
    <NewPasswordFields
      passwordLabel="New password"
      submitLabel="Reset password"
      busyLabel="Saving..."
      onSubmit={async (password) => {
        const { error } = await authClient().resetPassword({ newPassword: password, token });
        if (error?.code === "INVALID_TOKEN") {
          setRefused(true);
          return;
        }
        if (error) {
          toast.error(error.message || "Could not reset the password");
          return;
        }
        toast.success("Password changed: sign in with the new one");
        void navigate(paths.adminLogin, { replace: true });
      }}
    />
  );
}

export function AcceptInvitationForm() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [invitation, setInvitation] = React.useState<InvitationCheckResponse | { problem: string } | null>(null);

  React.useEffect(() => {
    if (!token) return;
    void postJson<InvitationCheckResponse>("/api/staff/invitations/check", { token }).then((res) =>
      setInvitation(res.ok ? res.data : { problem: res.message }),
    );
  }, [token]);

  if (token === null) return <LinkProblem message="This invitation link is not valid. Ask the colleague who invited you for a new one." />;
  if (token === undefined || invitation === null) return <Spinner label="Checking your invitation" />;
  if ("problem" in invitation) return <LinkProblem message={invitation.problem} />;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        You are joining as <strong className="text-foreground">{invitation.role}</strong> with{" "}
        <strong className="text-foreground [overflow-wrap:anywhere]">{invitation.email}</strong>. Choose a password of at least 8 characters.
      </p>
      <NewPasswordFields
        passwordLabel="Password"
        submitLabel="Create account"
        busyLabel="Creating..."
        onSubmit={async (password) => {
          const res = await postJson<AcceptInvitationResponse>("/api/staff/invitations/accept", { token, password });
          if (!res.ok) {
            if (Object.keys(res.fieldErrors).length > 0) return res.fieldErrors;
            setInvitation({ problem: res.message });
            return;
          }
          await queryClient.invalidateQueries({ queryKey: adminSessionKey });
          if (!res.data.signedIn) {
            toast.success("Role added to your account: sign in with your password");
            void navigate(paths.adminLogin, { replace: true });
            return;
          }
          toast.success("Welcome: you are signed in");
          void navigate(homeOf([res.data.role]), { replace: true });
        }}
      />
    </div>
  );
}
