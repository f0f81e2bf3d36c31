import * as React from "react";
import { schedulerEmbedUrl, schedulerFrame } from "~/content/book";
import { SkeletonCalendar } from "./skeleton-calendar";

const subscribeNever = () => () => {};
const currentHost = () => window.location.host;
const noHost = () => null;

/**
 * The external scheduler in a 700 px frame. The prerendered HTML cannot know the host the site
 * is served from, so the frame starts without embed_domain and gets it once the page hydrates.
 *
 * Until the scheduler paints, the frame is transparent and a skeleton month view shows through
 * it; the skeleton sits in the same box, under the frame, so nothing moves when the scheduler
 * arrives (docs/product.md#design).
 */
export function SchedulerFrame({ schedulerUrl }: { schedulerUrl: string }) {
  const host = React.useSyncExternalStore(subscribeNever, currentHost, noHost);
  const src = host ? schedulerEmbedUrl(schedulerUrl, host) : schedulerUrl;
  return (
    <div className="relative">
      <SkeletonCalendar caption={schedulerFrame.loading} />
      <iframe
        src={src}
        title={schedulerFrame.title}
        width="100%"
        height={schedulerFrame.heightPx}
        style={{ height: schedulerFrame.heightPx }}
        loading="lazy"
        className="relative block w-full rounded-xl border border-border bg-transparent"
      />
    </div>
  );
}
