import * as React from "react";
import { schedulerEmbedUrl, schedulerFrame } from "~/content/book";

const subscribeNever = () => () => {};
const currentHost = () => window.location.host;
const noHost = () => null;

/**
 * The external scheduler in a 700 px frame. The prerendered HTML cannot know the host the site
 * is served from, so the frame starts without embed_domain and gets it once the page hydrates.
 */
export function SchedulerFrame({ schedulerUrl }: { schedulerUrl: string }) {
  const host = React.useSyncExternalStore(subscribeNever, currentHost, noHost);
  const src = host ? schedulerEmbedUrl(schedulerUrl, host) : schedulerUrl;
  return (
    <iframe
      src={src}
      title={schedulerFrame.title}
      width="100%"
      height={schedulerFrame.heightPx}
      style={{ height: schedulerFrame.heightPx }}
      loading="lazy"
      className="block w-full rounded-xl border border-border bg-background"
    />
  );
}
