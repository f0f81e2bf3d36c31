import { Link } from "react-router";
import { CalendarCheck, Users } from "lucide-react";
import { paths } from "@shared/site-routes";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { AnalyticsCard } from "~/features/admin/analytics/analytics-card";
import { LeadSummaryCards } from "~/features/admin/leads/leads-summary-cards";
import { UndeliverableNotificationsCard } from "~/features/admin/notifications/notifications-card";

export const meta = () => [{ title: "Admin dashboard" }, { name: "robots", content: "noindex, nofollow" }];

const linkCard =
  "group block rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";

export default function AdminDashboardPage() {
  return (
    <AdminShell title="Dashboard">
      {(admin) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <p className="text-muted-foreground">
            Signed in as <span className="font-semibold text-foreground" data-testid="signed-in-email">{admin.email}</span>
          </p>
          <section aria-labelledby="dashboard-leads" className="grid gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="dashboard-leads" className="text-lg font-bold">
                Lead desk
              </h2>
              <Link to={paths.adminLeads} className="text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                Open the inbox
              </Link>
            </div>
            {/* Two a row even on a phone: four counts read at a glance. */}
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              <LeadSummaryCards />
            </div>
          </section>
          <h2 className="-mb-3 text-lg font-bold">Admin tools</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <UndeliverableNotificationsCard className={linkCard} />
            <Link to={paths.adminBookings} className={linkCard}>
              <Card className="h-full transition-colors group-hover:border-primary">
                <CalendarCheck className="mb-3 size-6 text-primary" aria-hidden="true" />
                <CardTitle>Bookings</CardTitle>
                <CardDescription className="mt-1">Read every booking and enterprise inquiry, search, filter and export.</CardDescription>
              </Card>
            </Link>
            <Link to={paths.adminUsers} className={linkCard}>
              <Card className="h-full transition-colors group-hover:border-primary">
                <Users className="mb-3 size-6 text-primary" aria-hidden="true" />
                <CardTitle>Users</CardTitle>
                <CardDescription className="mt-1">Assign and remove roles, and review the audit log.</CardDescription>
              </Card>
            </Link>
            <AnalyticsCard className={linkCard} />
          </div>
        </div>
      )}
    </AdminShell>
  );
}
