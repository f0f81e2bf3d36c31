import * as React from "react";
import { Link } from "react-router";
import { RotateCw } from "lucide-react";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/cn";
import { adminLeadPath, paths } from "@shared/site-routes";
import type { NotificationLeadKind } from "@shared/api/admin-notifications-api";
import { channelLabels, notificationLabel, topicLabels } from "@shared/notification-labels";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ApiError, isAuthError } from "../api-client";
import { FetchFailedCard, ListEmpty, ListLoading } from "../list-states";
import {
  useRetryAllNotifications,
  useRetryNotification,
  useUndeliverableNotifications,
  type UndeliverableNotification,
} from "./notifications-api";
import { formatDateTime } from "../format";

export const NOTIFICATIONS_FETCH_FAILED = "Failed to fetch undeliverable notifications";


export const leadKindLabels: Record<NotificationLeadKind, string> = {
  booking_inquiry: "Booking inquiry",
  contact_request: "Contact request",
};
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function retryErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * Lead notifications the outbox gave up on (docs/decisions/0103), one card each at every width,
 * so a phone reads them without scrolling sideways. Retry puts one, or all, back in the queue.
 */
export function NotificationsView() {
  const notifications = useUndeliverableNotifications();
  const retryAll = useRetryAllNotifications();
  const failed = notifications.isError && !isAuthError(notifications.error);
  React.useEffect(() => {
    if (failed) toast.error(NOTIFICATIONS_FETCH_FAILED);
  }, [failed]);

  async function retryEvery() {
    try {
      const { requeued } = await retryAll.mutateAsync();
      toast.success(requeued === 0 ? "Nothing left to retry" : `${plural(requeued, "notification", "notifications")} queued for delivery`);
    } catch (error) {
      toast.error(retryErrorMessage(error, "Failed to retry the notifications"));
    }
  }

  if (notifications.isPending) {
    return <ListLoading label="Loading undeliverable notifications" testId="notifications-loading" />;
  }
  if (failed) return <FetchFailedCard message={NOTIFICATIONS_FETCH_FAILED} onRetry={() => void notifications.refetch()} />;
  const data = notifications.data;
  if (!data) return null;
  if (data.total === 0) {
    return <ListEmpty title="No undeliverable notifications." hint="Every lead notification was delivered or is still being retried." testId="notifications-empty" />;
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Card padded={false} className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
        <div className="min-w-0 flex-1 basis-64">
          <p className="font-semibold" data-testid="notifications-total">
            {plural(data.total, "notification", "notifications")} could not be delivered
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            These notifications did not go out. Each lead is stored: open it from its card, or find booking inquiries on the{" "}
            <Link to={paths.adminBookings} className="text-primary underline-offset-2 hover:underline">
              Bookings
            </Link>{" "}
            page. Fix the channel the error points to, then retry.
          </p>
        </div>
        <Button onClick={() => void retryEvery()} disabled={retryAll.isPending}>
          <RotateCw aria-hidden="true" />
          {retryAll.isPending ? "Retrying..." : "Retry all"}
        </Button>
      </Card>

      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Undeliverable notifications, most recent first" aria-busy={notifications.isFetching}>
        {data.items.map((item) => (
          <NotificationCard key={item.id} item={item} />
        ))}
      </ul>
      {data.total > data.items.length ? (
        <p className="text-sm text-muted-foreground">
          Showing the {data.items.length} most recent of {data.total}. Retry all covers every one.
        </p>
      ) : null}
    </div>
  );
}

function NotificationCard({ item }: { item: UndeliverableNotification }) {
  const retry = useRetryNotification();
  const kind = leadKindLabels[item.leadKind] ?? item.leadKind;
  const channel = notificationLabel(channelLabels, item.channel, "title");
  const topic = notificationLabel(topicLabels, item.topic, "title");

  async function retryOne() {
    try {
      await retry.mutateAsync(item.id);
      toast.success("Notification queued for delivery");
    } catch (error) {
      toast.error(retryErrorMessage(error, "Failed to retry the notification"));
    }
  }

  return (
    <li data-testid="notification-item">
      <Card padded={false} className="grid min-w-0 gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="mr-auto text-base font-bold">
            {kind} · {channel}
          </h2>
          <Badge variant="warning">Undeliverable</Badge>
          <Button variant="outline" size="sm" onClick={() => void retryOne()} disabled={retry.isPending} aria-label={`Retry ${channel.toLowerCase()} notification of ${kind.toLowerCase()} ${item.id.slice(0, 8)}`}>
            <RotateCw aria-hidden="true" />
            {retry.isPending ? "Retrying..." : "Retry"}
          </Button>
        </div>
        {/* Two short fields a row on a phone; ids and errors take the whole width until lg. */}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm lg:grid-cols-4">
          <Detail label="About" span="col-span-2 lg:col-span-4">
            {topic} ·{" "}
            <Link to={adminLeadPath(item.leadId)} className="text-primary underline-offset-2 hover:underline">
              Open the lead
            </Link>
          </Detail>
          <Detail label="Gave up">{formatDateTime(item.failedAt)}</Detail>
          <Detail label="Lead received">{formatDateTime(item.createdAt)}</Detail>
          <Detail label="Attempts">{item.attempts}</Detail>
          <Detail label="Delivery ID" span="col-span-2 lg:col-span-1">
            <span className="font-mono [overflow-wrap:anywhere]" title={item.id}>
              {item.id}
            </span>
          </Detail>
          <Detail label="Last error" span="col-span-2 lg:col-span-4">
            <code className="font-mono [overflow-wrap:anywhere]">{item.lastError ?? "—"}</code>
          </Detail>
        </dl>
      </Card>
    </li>
  );
}

function Detail({ label, span, children }: { label: string; span?: string; children: React.ReactNode }) {
  return (
    <div className={cn("min-w-0", span)}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
