import * as React from "react";
import { Link, NavLink, Navigate, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut, ShieldCheck, UserRound } from "lucide-react";
import { toast } from "~/lib/toast";
import { paths } from "@shared/site-routes";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { authClient } from "~/lib/auth-client";
import { cn } from "~/lib/cn";
import { isAuthError } from "../api-client";
import { mustEnrolTwoFactor, useAdminSession } from "../admin-session";
import type { AdminUser } from "@shared/api/admin-api";
import { contentRoles, type StaffRole } from "@shared/schemas/admin";

export const ADMIN_CHECK_FAILED = "Failed to verify admin access";

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center" data-testid="admin-session-check">
      <Spinner label={label} />
    </div>
  );
}

/** The roles of the lead desk's pages (inbox, lead page); every other admin page is the admin's. */
export const leadDeskRoles: readonly StaffRole[] = ["admin", "moderator"];

/**
 * Where a staff member lands after sign-in, and when a page is not theirs: the admin's
 * dashboard, the moderator's inbox, the editor's studio. Someone both moderator and editor lands
 * on the inbox: new leads wait on it.
 */
export function homeOf(roles: readonly StaffRole[]): string {
  if (roles.includes("admin")) return paths.adminDashboard;
  if (roles.includes("moderator")) return paths.adminLeads;
  if (roles.includes("editor")) return paths.adminContent;
  return paths.adminLogin;
}

/** Whether one of the staff member's roles opens a page for `allow`. */
export function mayOpen(roles: readonly StaffRole[], allow: readonly StaffRole[]): boolean {
  return roles.some((role) => allow.includes(role));
}

/**
 * Every protected admin page: a spinner while the session is checked, then the page for a staff
 * member holding a role it `allow`s (admin only unless said), their own home for another staff
 * member, or the login page for anyone else. Where two-factor sign-in is required and the staff
 * member has no second factor yet (TOTP or a passkey), every page sends them to the account page
 * (`setupPage`), which shows the set-up without the page links until one is on (the session
 * query is refreshed then; docs/decisions/0207). The server enforces the same rules on every call.
 */
export function AdminShell({
  title,
  allow = ["admin"],
  setupPage = false,
  children,
}: {
  title: string;
  allow?: readonly StaffRole[];
  /** The page that sets up a second factor: the one page open before it is set up. */
  setupPage?: boolean;
  children: (admin: AdminUser) => React.ReactNode;
}) {
  const session = useAdminSession();
  const failed = session.isError && !isAuthError(session.error);
  React.useEffect(() => {
    if (failed) toast.error(ADMIN_CHECK_FAILED);
  }, [failed]);

  if (session.isPending) return <FullPageSpinner label="Checking your session" />;
  if (session.isError) return <Navigate to={paths.adminLogin} replace />;
  const admin = session.data;
  if (!mayOpen(admin.roles, allow)) return <Navigate to={homeOf(admin.roles)} replace />;
  const enrolFirst = mustEnrolTwoFactor(admin);
  if (enrolFirst && !setupPage) return <Navigate to={paths.adminAccount} replace />;
  return (
    <>
      <AdminHeader email={admin.email} roles={admin.roles} navigation={!enrolFirst} />
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{enrolFirst ? "Set up two-factor sign-in" : title}</h1>
        {children(admin)}
      </main>
    </>
  );
}

// Leads first: working the lead desk is what staff open the admin area for; then the studio.
// Each entry names the roles that see it: a moderator is shown only the lead desk, an editor only
// the studio (and, beside the navigation, everyone their account).
const navItems: { to: string; label: string; roles: readonly StaffRole[] }[] = [
  { to: paths.adminLeads, label: "Leads", roles: leadDeskRoles },
  { to: paths.adminContent, label: "Content", roles: contentRoles },
  { to: paths.adminDashboard, label: "Dashboard", roles: ["admin"] },
  { to: paths.adminBookings, label: "Bookings", roles: ["admin"] },
  { to: paths.adminAnalytics, label: "Analytics", roles: ["admin"] },
  { to: paths.adminUsers, label: "Users", roles: ["admin"] },
  { to: paths.adminPrivacy, label: "Privacy", roles: ["admin"] },
];

/** The navigation's entries a staff member with these roles sees, in order. */
export function adminNavigation(roles: readonly StaffRole[]) {
  return navItems.filter((item) => mayOpen(roles, item.roles));
}

/** `navigation`: the admin pages' links, left out while they would only lead back to the enrolment. */
function AdminHeader({ email, roles, navigation }: { email: string; roles: readonly StaffRole[]; navigation: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = React.useState(false);

  async function logout() {
    setLeaving(true);
    // The client ignores 401/403/404 from sign-out (already signed out), as the required
    // authentication library does (docs/product.md#authentication-library-errors).
    await authClient().signOut().catch(() => undefined);
    queryClient.clear();
    toast.success("Logged out");
    void navigate(paths.adminLogin, { replace: true });
  }

  return (
    <header className="border-b border-border bg-background">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link to={homeOf(roles)} className="flex items-center gap-2 font-bold">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          Admin
        </Link>
        {navigation ? (
          // Below md the links' padding narrows so five can share a phone's line; where the font is
          // wider (Debian's Chromium at 390 px), the last wraps to a second line rather than overflow.
          <nav aria-label="Admin" className="order-3 flex w-full flex-wrap gap-1 sm:order-none sm:w-auto">
            {adminNavigation(roles).map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  cn(
                    "rounded-md px-2 py-2 text-sm font-medium md:px-3 hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    isActive ? "bg-primary-soft text-primary-hover" : "text-muted-foreground",
                  )
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        ) : null}
        <div className="ml-auto flex min-w-0 items-center gap-3">
          <span className="hidden truncate text-sm text-muted-foreground md:inline" title={email}>
            {email}
          </span>
          <NavLink
            to={paths.adminAccount}
            aria-label="Your account"
            className={({ isActive }) =>
              cn(
                "inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                isActive ? "bg-primary-soft text-primary-hover" : "text-muted-foreground",
              )
            }
          >
            <UserRound className="size-4" aria-hidden="true" />
            <span className="hidden sm:inline">Account</span>
          </NavLink>
          <Button variant="outline" size="sm" onClick={logout} disabled={leaving}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
