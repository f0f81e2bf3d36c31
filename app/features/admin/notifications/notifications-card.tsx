import { Link } from "react-router";
import { TriangleAlert } from "lucide-react";
import { CardTitle } from "~/components/ui/card";
import { paths } from "@shared/site-routes";
import { useUndeliverableNotifications } from "./notifications-api";

/**
 * The dashboard's warning when lead notifications could not be delivered; nothing at all while
 * there are none, or while the count is unknown (the notifications page reports its own errors).
 * `className` is the dashboard's link-card class (focus ring, hover group).
 */
export function UndeliverableNotificationsCard({ className }: { className?: string }) {
  const notifications = useUndeliverableNotifications();
  const total = notifications.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Link to={paths.adminNotifications} className={className} data-testid="undeliverable-notifications-card">
      {/* Card's shape in warning colours: Card's own border and background would conflict. */}
      <div className="h-full rounded-xl border border-amber-600 bg-amber-50 p-6 shadow-sm transition-colors group-hover:border-amber-900">
        <TriangleAlert className="mb-3 size-6 text-amber-800" aria-hidden="true" />
        <CardTitle>
          {total} undeliverable {total === 1 ? "notification" : "notifications"}
        </CardTitle>
        <p className="mt-1 text-sm text-amber-950">
          Some lead notifications did not go out. Review the errors and retry.
        </p>
      </div>
    </Link>
  );
}
