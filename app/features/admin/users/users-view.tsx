import * as React from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Search, Send, Trash2 } from "lucide-react";
import { toast } from "~/lib/toast";
import {
  BOOKINGS_DATE_MAX,
  BOOKINGS_DATE_MIN,
  appRoles,
  assignRoleSchema,
  auditActions,
  auditFiltersSchema,
  findUserSchema,
  inviteSchema,
  staffRoles,
  type AssignRoleInput,
  type AuditAction,
  type AuditFilters,
  type InviteInput,
} from "@shared/schemas/admin";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Spinner } from "~/components/ui/spinner";
import { ApiError, isAuthError, isRefusal } from "../api-client";
import { FetchFailedCard, RefusedCard } from "../list-states";
import { CursorPager } from "../cursor-pager";
import {
  findUserByEmail,
  useAssignRole,
  useAuditLog,
  useInvitations,
  useInvite,
  useRemoveRole,
  useResendInvitation,
  useRevokeInvitation,
  useRoles,
  useStaff,
  useStaffAccess,
  useStaffSignIn,
  type AuditEntry,
  type InvitationRecord,
  type RoleRecord,
  type StaffMember,
} from "./roles-api";
import { Link } from "react-router";
import { useAdminSession } from "../admin-session";
import { paths } from "@shared/site-routes";
import { NativeDialog } from "~/components/ui/native-dialog";
import { formatDateTime, formatShortDate } from "../format";

export const ROLES_FETCH_FAILED = "Failed to fetch user roles";

/** Short month/day/year, numeric: "1/5/2026" (docs/product.md#users-page). */

/** The error catalogue's role-assign messages: 23505, 23503, else the message or the fallback. */
function assignErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "23505") return "This user already has this role";
    if (error.code === "23503") return "User ID does not exist in the system";
    if (error.message) return error.message;
  }
  return "Failed to assign role";
}

export function UsersView() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <AssignRoleCard />
      <InviteCard />
      <InvitationsList />
      <StaffList />
      <RolesList />
      <AuditLogList />
    </div>
  );
}

function AssignRoleCard() {
  const assign = useAssignRole();
  const form = useForm<AssignRoleInput>({ resolver: zodResolver(assignRoleSchema), defaultValues: { userId: "", role: "user" } });
  const { errors } = form.formState;
  const [email, setEmail] = React.useState("");
  const [emailError, setEmailError] = React.useState<string | undefined>();
  const [finding, setFinding] = React.useState(false);

  async function find() {
    const parsed = findUserSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    setFinding(true);
    try {
      const user = await findUserByEmail(parsed.data.email);
      form.setValue("userId", user.id, { shouldValidate: true });
      toast.success(`Found ${user.email}`);
    } catch (error) {
      setEmailError(error instanceof ApiError && error.status === 404 ? "No user with this email address" : "Failed to find user");
    } finally {
      setFinding(false);
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const record = await assign.mutateAsync(values);
      toast.success(`Role ${record.role} assigned successfully`);
      form.reset({ userId: "", role: "user" });
      setEmail("");
    } catch (error) {
      toast.error(assignErrorMessage(error));
    }
  });

  return (
    <Card className="grid gap-4">
      <div>
        <CardTitle>Assign role</CardTitle>
        <CardDescription className="mt-1">Paste a user ID, or find the user by email first.</CardDescription>
      </div>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField id="find-email" label="Find user by email" error={emailError}>
          {(control) => (
            <Input
              {...control}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void find();
                }
              }}
            />
          )}
        </FormField>
        <Button type="button" variant="outline" onClick={find} disabled={finding} className={emailError ? "sm:mb-7" : undefined}>
          <Search aria-hidden="true" />
          {finding ? "Finding..." : "Find"}
        </Button>
      </div>
      <form onSubmit={onSubmit} noValidate aria-label="Assign a role" className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
        <FormField id="assign-user-id" label="User ID" error={errors.userId?.message}>
          {(control) => <Input {...control} autoComplete="off" spellCheck={false} placeholder="00000000-0000-0000-0000-000000000000" {...form.register("userId")} />}
        </FormField>
        <RoleField id="assign-role" roles={appRoles} field={form.register("role")} error={errors.role?.message} />
        <Button type="submit" className="sm:mt-6" disabled={assign.isPending}>
          {assign.isPending ? "Assigning..." : "Assign role"}
        </Button>
      </form>
    </Card>
  );
}

/** The role picker of the assign and invite forms. */
function RoleField({ id, roles, field, error }: { id: string; roles: readonly string[]; field: UseFormRegisterReturn; error?: string }) {
  return (
    <FormField id={id} label="Role" error={error}>
      {(control) => (
        <NativeSelect {...control} {...field}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

/** Invite a colleague by e-mail (docs/decisions/0205): below the assign-role form, as the contract fixes. */
function InviteCard() {
  const inviteMutation = useInvite();
  const form = useForm<InviteInput>({ resolver: zodResolver(inviteSchema), defaultValues: { email: "", role: "moderator" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await inviteMutation.mutateAsync(values);
      if (result.outcome === "granted") toast.success(`${values.email} already had an account: role ${result.role} given`);
      else toast.success(`Invitation sent to ${result.invitation.email}`);
      form.reset({ email: "", role: values.role });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        for (const [field, message] of Object.entries(error.fieldErrors)) form.setError(field as keyof InviteInput, { message });
      } else toast.error(error instanceof ApiError && error.message ? error.message : "Failed to send the invitation");
    }
  });

  return (
    <Card className="grid gap-4">
      <div>
        <CardTitle>Invite a colleague</CardTitle>
        <CardDescription className="mt-1">
          They get an e-mail with a link to choose their password. Moderators work the lead desk; admins manage everything.
        </CardDescription>
      </div>
      <form onSubmit={onSubmit} noValidate aria-label="Invite a colleague" className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
        <FormField id="invite-email" label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="off" {...form.register("email")} />}
        </FormField>
        <RoleField id="invite-role" roles={staffRoles} field={form.register("role")} error={errors.role?.message} />
        <Button type="submit" className="sm:mt-6" disabled={inviteMutation.isPending}>
          <Send aria-hidden="true" />
          {inviteMutation.isPending ? "Sending..." : "Invite"}
        </Button>
      </form>
    </Card>
  );
}

function InvitationsList() {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  async function act(kind: "resend" | "revoke", item: InvitationRecord) {
    try {
      if (kind === "resend") {
        await resend.mutateAsync(item.id);
        toast.success(`Invitation sent again to ${item.email}`);
      } else {
        await revoke.mutateAsync(item.id);
        toast.success(`Invitation to ${item.email} revoked`);
      }
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : `Failed to ${kind} the invitation`);
    }
  }

  if (invitations.isPending || invitations.isError || invitations.data.length === 0) return null;
  return (
    <ListSection titleId="invitations-title" title="Pending invitations">
      <ul className="grid gap-2" aria-labelledby="invitations-title">
        {invitations.data.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-background p-3 text-sm shadow-sm" data-testid="invitation-row">
            <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{item.email}</span>
            <Badge variant="outline">{item.role}</Badge>
            <span className="text-muted-foreground">
              {item.expired ? "Expired" : `Expires ${formatDateTime(item.expiresAt)}`}
            </span>
            <span className="ml-auto flex gap-2">
              <Button variant="outline" size="sm" onClick={() => void act("resend", item)} aria-label={`Resend invitation to ${item.email}`}>
                Resend
              </Button>
              <Button variant="ghost-destructive" size="sm" onClick={() => void act("revoke", item)} aria-label={`Revoke invitation to ${item.email}`}>
                Revoke
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </ListSection>
  );
}

/**
 * Everyone holding a role, with Deactivate / Reactivate (docs/decisions/0206). Deactivating asks
 * first, in an in-page dialog; a deactivated member's owned leads show as a link to reassign them.
 */
type StaffAction = "deactivate" | "end-sessions" | "reset-factors";

/** Each confirmation's title, sentence and confirming button (docs/decisions/0206, 0207). */
const confirmations: Record<StaffAction, { title: (email: string) => string; text: string; button: string }> = {
  deactivate: {
    title: (email) => `Deactivate ${email}?`,
    text: "They are signed out everywhere at once. Their password, passkeys and Google or Microsoft sign-in are removed, and invitations they sent stop working. Their open leads go to the next person in the rotation (Unassigned if nobody is taking leads); closed leads stay theirs. Reactivating them later e-mails them a link to set a new password.",
    button: "Deactivate",
  },
  "end-sessions": {
    title: (email) => `Sign ${email} out everywhere?`,
    text: "Every browser they are signed in on is signed out at once. They can sign in again right away; they get an e-mail saying so.",
    button: "Sign out everywhere",
  },
  "reset-factors": {
    title: (email) => `Reset the sign-in methods of ${email}?`,
    text: "Their authenticator app and every passkey stop working and they are signed out everywhere; their password stays. Do this when they lost their phone or security key. They get an e-mail saying so.",
    button: "Reset sign-in methods",
  },
};

function StaffList() {
  const staff = useStaff();
  const access = useStaffAccess();
  const signIn = useStaffSignIn();
  const [confirming, setConfirming] = React.useState<{ member: StaffMember; action: StaffAction } | null>(null);
  const me = useAdminSession().data;

  async function change(member: StaffMember, action: "deactivate" | "reactivate") {
    try {
      const result = await access.mutateAsync({ userId: member.userId, action });
      if (action === "deactivate") {
        // Their open leads were routed again (docs/decisions/0711); with nobody in rotation, left Unassigned.
        const leadsWord = (n: number) => `${n} open ${n === 1 ? "lead" : "leads"}`;
        const moved = [
          result.reroutedLeads > 0 ? `${leadsWord(result.reroutedLeads)} went to the next person in rotation.` : null,
          result.unassignedLeads > 0 ? `${leadsWord(result.unassignedLeads)} left Unassigned: nobody is taking leads now.` : null,
        ].filter(Boolean);
        toast.success(`${member.email} deactivated`, moved.length > 0 ? { description: moved.join(" ") } : undefined);
      } else toast.success(`${member.email} reactivated`, { description: "They were e-mailed a link to set a new password: their old one was removed when they were deactivated." });
      setConfirming(null);
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : `Failed to ${action}`);
      setConfirming(null);
    }
  }

  async function confirm() {
    if (!confirming) return;
    const { member, action } = confirming;
    if (action === "deactivate") return change(member, "deactivate");
    try {
      const result = await signIn.mutateAsync({ userId: member.userId, action });
      toast.success(action === "end-sessions" ? `${member.email} is signed out everywhere` : `Sign-in methods of ${member.email} reset`, {
        description: `${result.sessionsEnded} ${result.sessionsEnded === 1 ? "session" : "sessions"} ended.`,
      });
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : "That did not work. Try again.");
    }
    setConfirming(null);
  }
  const shown = confirming ? confirmations[confirming.action] : null;

  if (staff.isPending || staff.isError) return null;
  return (
    <ListSection titleId="staff-title" title="Staff">
      <div className="relative overflow-x-auto rounded-xl border border-border bg-background shadow-sm">
        {/* No minimum width: on a phone the row's Deactivate button stays in view, the e-mail wraps. */}
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Staff members and their access</caption>
          <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2">Email</th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">Roles</th>
              <th scope="col" className="px-3 py-2">Access</th>
              <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {staff.data.map((m) => (
              <tr key={m.userId} className="border-t border-border" data-testid="staff-row">
                <td id={`staff-email-${m.userId}`} className="px-3 py-2 [overflow-wrap:anywhere]">
                  {m.email}
                </td>
                <td className="hidden px-3 py-2 sm:table-cell">
                  <span className="flex flex-wrap gap-1">
                    {m.roles.map((r) => (
                      <Badge key={r} variant={r === "admin" ? "solid" : "outline"}>
                        {r}
                      </Badge>
                    ))}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {m.deactivatedAt ? (
                    <span className="grid gap-0.5">
                      <span className="font-medium text-destructive">Deactivated</span>
                      {m.ownedLeads > 0 ? (
                        <Link to={`${paths.adminLeads}?owner=${m.userId}`} className="text-primary underline-offset-4 hover:underline">
                          {m.ownedLeads} {m.ownedLeads === 1 ? "lead" : "leads"} to reassign
                        </Link>
                      ) : null}
                    </span>
                  ) : (
                    "Active"
                  )}
                </td>
                {/* Deactivate and Reactivate are named by their text alone (scripts press "Deactivate" in
                    the person's row); the row's e-mail describes them to a screen reader. */}
                <td className="px-3 py-2 text-right">
                  {m.deactivatedAt ? (
                    <Button variant="outline" size="sm" onClick={() => void change(m, "reactivate")} disabled={access.isPending} aria-describedby={`staff-email-${m.userId}`}>
                      Reactivate
                    </Button>
                  ) : m.userId === me?.userId ? (
                    // One's own devices and methods are on the account page.
                    <Link to={paths.adminAccount} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                      Your account
                    </Link>
                  ) : (
                    <span className="flex flex-col items-end gap-1 sm:flex-row sm:flex-wrap sm:justify-end">
                      <Button variant="outline" size="sm" onClick={() => setConfirming({ member: m, action: "end-sessions" })} aria-label={`Sign ${m.email} out everywhere`}>
                        Sign out
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setConfirming({ member: m, action: "reset-factors" })} aria-label={`Reset sign-in methods of ${m.email}`}>
                        Reset sign-in
                      </Button>
                      <Button variant="ghost-destructive" size="sm" onClick={() => setConfirming({ member: m, action: "deactivate" })} aria-describedby={`staff-email-${m.userId}`}>
                        Deactivate
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <NativeDialog
        id="staff-access-confirmation"
        size="narrow"
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming && shown ? shown.title(confirming.member.email) : null}
        description={shown?.text}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={access.isPending || signIn.isPending} onClick={() => void confirm()}>
            {shown?.button}
          </Button>
        </div>
      </NativeDialog>
    </ListSection>
  );
}

/** One of the page's lists under its heading, which names the section. */
function ListSection({ titleId, title, children }: { titleId: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function RolesList() {
  const roles = useRoles();
  const remove = useRemoveRole();
  const failed = roles.isError && !isAuthError(roles.error);
  React.useEffect(() => {
    if (failed) toast.error(ROLES_FETCH_FAILED);
  }, [failed]);

  async function removeRecord(record: RoleRecord) {
    try {
      await remove.mutateAsync(record.id);
      toast.success("Role removed successfully");
    } catch (error) {
      // The last-admin refusal explains itself; anything else is the catalogue's message.
      if (error instanceof ApiError && error.status === 409 && error.message) toast.error("Failed to remove role", { description: error.message });
      else toast.error("Failed to remove role");
    }
  }

  return (
    <ListSection titleId="roles-title" title="Role records">
      {roles.isPending ? (
        <div className="flex justify-center py-10" data-testid="roles-loading">
          <Spinner label="Loading roles" />
        </div>
      ) : failed ? (
        <FetchFailedCard message={ROLES_FETCH_FAILED} onRetry={() => void roles.refetch()} />
      ) : roles.data && roles.data.length === 0 ? (
        <Card className="py-10 text-center" data-testid="roles-empty">
          <p className="font-semibold">No role records yet.</p>
        </Card>
      ) : roles.data ? (
        // One markup, two layouts, as the lead inbox: from md up a table; below it each record is a
        // card, so a phone reads it without scrolling sideways or breaking words into fragments.
        <div className="md:overflow-x-auto md:rounded-xl md:border md:border-border md:bg-background md:shadow-sm">
          <table className="block w-full border-collapse text-left text-sm md:table">
            <caption className="sr-only">Role records, newest first</caption>
            <thead className="hidden bg-muted text-xs uppercase tracking-wide text-muted-foreground md:table-header-group">
              <tr>
                <th scope="col" className="px-3 py-2">User ID</th>
                <th scope="col" className="px-3 py-2">Email</th>
                <th scope="col" className="px-3 py-2">Role</th>
                <th scope="col" className="px-3 py-2">Assigned</th>
                <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="grid gap-3 md:table-row-group">
              {roles.data.map((r) => (
                <tr key={r.id} className="grid gap-1 rounded-xl border border-border bg-background p-4 shadow-sm md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:p-0 md:shadow-none" data-testid="role-row">
                  <td className="block font-mono text-xs text-muted-foreground md:table-cell md:px-3 md:py-2 md:text-sm md:text-foreground" title={r.userId}>
                    {r.userId.slice(0, 8)}
                  </td>
                  <td className="block [overflow-wrap:anywhere] md:table-cell md:px-3 md:py-2">{r.email ?? "—"}</td>
                  <td className="block md:table-cell md:px-3 md:py-2">
                    <Badge variant={r.role === "admin" ? "solid" : "outline"}>{r.role}</Badge>
                  </td>
                  <td className="block text-muted-foreground md:table-cell md:whitespace-nowrap md:px-3 md:py-2 md:text-foreground">{formatShortDate(r.createdAt)}</td>
                  <td className="block md:table-cell md:px-3 md:py-2 md:text-right">
                    <Button
                      variant="ghost-destructive"
                      size="sm"
                      aria-label={`Remove role ${r.role} from ${r.email ?? r.userId.slice(0, 8)}`}
                      disabled={remove.isPending && remove.variables === r.id}
                      onClick={() => void removeRecord(r)}
                    >
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </ListSection>
  );
}

const actionLabels: Record<AuditAction, string> = {
  "role.assign": "Assigned role",
  "role.remove": "Removed role",
  "bookings.export": "Exported bookings",
  "admin.create": "Created staff account",
  "notifications.retry": "Retried notifications",
  "leads.export": "Exported leads",
  "lead.status": "Changed a lead's status",
  "lead.owner": "Changed a lead's owner",
  "lead.note": "Added a note to a lead",
  "lead.routing": "Changed their lead routing",
  "privacy.export": "Exported a person's data",
  "privacy.erase": "Erased a person's data",
  "auth.sign-in": "Signed in",
  "auth.sign-in.failed": "Failed sign-in",
  "auth.sign-in.locked": "Account locked (too many failed sign-ins)",
  "auth.sign-out": "Signed out",
  "auth.two-factor.enabled": "Turned on two-factor sign-in",
  "auth.two-factor.disabled": "Turned off two-factor sign-in",
  "auth.two-factor.backup-codes": "New two-factor backup codes",
  "auth.sign-in-method.linked": "Linked a single sign-on account",
  "invitation.create": "Invited a colleague",
  "invitation.resend": "Sent an invitation again",
  "invitation.revoke": "Revoked an invitation",
  "invitation.accept": "Accepted an invitation",
  "auth.password.reset": "Reset their password",
  "staff.deactivate": "Deactivated a staff member",
  "staff.reactivate": "Reactivated a staff member",
  "content.publish": "Published content",
  "content.unpublish": "Unpublished content",
  "content.schedule": "Scheduled content",
  "content.schedule.failed": "A scheduled publish could not go out",
  "staff.sessions.revoke": "Signed a colleague out everywhere",
  "staff.factors.reset": "Reset a colleague's sign-in methods",
  "auth.sessions.revoke": "Signed out other devices",
  "auth.passkey.added": "Added a passkey",
  "auth.passkey.removed": "Removed a passkey",
};

const isAuditAction = (action: string): action is AuditAction => (auditActions as readonly string[]).includes(action);
const actionLabel = (action: string) => (isAuditAction(action) ? actionLabels[action] : action);
/** The filter's choices, as the log words them. */
const actionChoices = [...auditActions].sort((a, b) => actionLabels[a].localeCompare(actionLabels[b]));

function describe(entry: AuditEntry): string {
  const d = entry.details ?? {};
  if (entry.action === "bookings.export" || entry.action === "leads.export") {
    const filters = (d.filters ?? {}) as Record<string, string>;
    const parts = Object.entries(filters).map(([k, v]) => `${k}: ${v}`);
    return parts.length > 0 ? parts.join(", ") : entry.action === "leads.export" ? "all leads" : "all inquiries";
  }
  if (entry.action === "lead.status" || entry.action === "lead.owner") {
    const name = (v: unknown) =>
      typeof v === "string" ? v : typeof v === "object" && v !== null && "email" in v ? String((v as { email: unknown }).email) : "unassigned";
    return `lead ${entry.target?.slice(0, 8) ?? ""}: ${name(d.from)} → ${name(d.to)}`;
  }
  if (entry.action === "lead.note") return `lead ${entry.target?.slice(0, 8) ?? ""}`;
  if (entry.action.startsWith("auth.")) {
    return [d.method, d.name, d.reason, d.ip].filter((v) => typeof v === "string" && v !== "").join(" · ");
  }
  if (entry.action === "privacy.export" || entry.action === "privacy.erase") {
    return Object.entries(d)
      .filter(([, v]) => typeof v === "number")
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join(", ");
  }
  if (entry.action === "notifications.retry") {
    if (d.all === true) return `all (${typeof d.count === "number" ? d.count : 0})`;
    return [d.leadKind, d.channel].filter((v) => typeof v === "string").join(" · ");
  }
  const role = typeof d.role === "string" ? d.role : "";
  const email = typeof d.email === "string" ? d.email : "";
  return [role, email || (entry.target ? `user ${entry.target.slice(0, 8)}` : "")].filter(Boolean).join(" · ");
}

type AuditDraft = { actor: string; action: string; from: string; to: string };
const emptyAuditDraft: AuditDraft = { actor: "", action: "", from: "", to: "" };
const auditFilterFields: readonly string[] = Object.keys(emptyAuditDraft);

/**
 * The audit log, newest first, a page of 100 at a time through everything kept
 * (AUDIT_RETENTION_DAYS), filtered by who (part of the address), what and which days
 * (docs/decisions/0202). Filters and pages as the bookings list's (docs/decisions/0203).
 */
function AuditLogList() {
  const [draft, setDraft] = React.useState<AuditDraft>(emptyAuditDraft);
  const [filters, setFilters] = React.useState<AuditFilters>({});
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [cursors, setCursors] = React.useState<(string | null)[]>([null]);
  const audit = useAuditLog(filters, cursors.at(-1) ?? null);
  // A 400 is the server refusing these filters or this page, with a message: not a failure to fetch.
  const refused = isRefusal(audit.error) ? audit.error : null;
  const refusedFields = refused ? Object.fromEntries(Object.entries(refused.fieldErrors).filter(([field]) => auditFilterFields.includes(field))) : {};
  const fieldErrors = { ...refusedFields, ...errors };
  const failed = audit.isError && !isAuthError(audit.error) && !refused;

  function apply(event: React.FormEvent) {
    event.preventDefault();
    const parsed = auditFiltersSchema.safeParse(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== "")));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setFilters(parsed.data);
    setCursors([null]);
  }

  function clear() {
    setDraft(emptyAuditDraft);
    setErrors({});
    setFilters({});
    setCursors([null]);
  }

  const filtered = Object.keys(filters).length > 0;
  const page = audit.data;
  return (
    <ListSection titleId="audit-title" title="Audit log">
      <Card padded={false} className="p-4 sm:p-5">
        <form onSubmit={apply} noValidate aria-label="Filter the audit log" className="grid gap-4 md:grid-cols-[2fr_2fr_1fr_1fr] md:items-start">
          <FormField id="audit-actor" label="Who" error={fieldErrors.actor} hint="E-mail address, or part of it">
            {(control) => <Input {...control} type="search" autoComplete="off" spellCheck={false} value={draft.actor} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} />}
          </FormField>
          <FormField id="audit-action" label="What" error={fieldErrors.action}>
            {(control) => (
              <NativeSelect {...control} value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
                <option value="">Everything</option>
                {actionChoices.map((action) => (
                  <option key={action} value={action}>
                    {actionLabels[action]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="audit-from" label="From" error={fieldErrors.from}>
            {(control) => <Input {...control} type="date" min={BOOKINGS_DATE_MIN} max={BOOKINGS_DATE_MAX} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />}
          </FormField>
          <FormField id="audit-to" label="To" error={fieldErrors.to}>
            {(control) => <Input {...control} type="date" min={BOOKINGS_DATE_MIN} max={BOOKINGS_DATE_MAX} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />}
          </FormField>
          <div className="flex flex-wrap gap-2 md:col-span-4">
            <Button type="submit">Apply filters</Button>
            <Button type="button" variant="ghost" onClick={clear}>
              Clear
            </Button>
          </div>
        </form>
      </Card>
      {audit.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading audit log" />
        </div>
      ) : refused ? (
        <RefusedCard
          message={Object.keys(refusedFields).length > 0 ? "No entries shown: correct the filters above." : refused.message}
          action={cursors.length > 1 ? "Back to the first page" : "Clear filters"}
          onAction={cursors.length > 1 ? () => setCursors([null]) : clear}
          testId="audit-refused"
        />
      ) : failed ? (
        <FetchFailedCard message="Failed to fetch the audit log" onRetry={() => void audit.refetch()} />
      ) : page && page.items.length === 0 ? (
        <Card className="py-8 text-center" data-testid="audit-empty">
          <p className="text-muted-foreground">{filtered ? "No entries match these filters." : "No changes recorded yet."}</p>
        </Card>
      ) : page ? (
        <>
          {/* One markup, two layouts, as the lead inbox: from md up a table; below it each record is a
              card, so a phone reads it without scrolling sideways or breaking words into fragments. */}
          <div className="md:overflow-x-auto md:rounded-xl md:border md:border-border md:bg-background md:shadow-sm" aria-busy={audit.isFetching}>
            <table className="block w-full border-collapse text-left text-sm md:table">
              <caption className="sr-only">Role changes, exports and sign-ins, newest first (read-only)</caption>
              <thead className="hidden bg-muted text-xs uppercase tracking-wide text-muted-foreground md:table-header-group">
                <tr>
                  <th scope="col" className="px-3 py-2">When</th>
                  <th scope="col" className="px-3 py-2">Who</th>
                  <th scope="col" className="px-3 py-2">What</th>
                  <th scope="col" className="px-3 py-2">Details</th>
                </tr>
              </thead>
              <tbody className="grid gap-3 md:table-row-group">
                {page.items.map((e) => (
                  <tr key={e.id} className="grid gap-1 rounded-xl border border-border bg-background p-4 shadow-sm md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:p-0 md:shadow-none" data-testid="audit-row">
                    <td className="block text-xs text-muted-foreground md:table-cell md:whitespace-nowrap md:px-3 md:py-2 md:text-sm md:text-foreground">{formatDateTime(e.createdAt)}</td>
                    <td className="block [overflow-wrap:anywhere] md:table-cell md:px-3 md:py-2">{e.actorEmail ?? "—"}</td>
                    <td className="block font-medium md:table-cell md:px-3 md:py-2 md:font-normal">{actionLabel(e.action)}</td>
                    <td className="block [overflow-wrap:anywhere] text-muted-foreground md:table-cell md:px-3 md:py-2 md:text-foreground">{describe(e)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <CursorPager label="Audit log pages" cursors={cursors} onCursorsChange={setCursors} nextCursor={page.nextCursor} waiting={audit.isPlaceholderData} />
        </>
      ) : null}
    </ListSection>
  );
}
