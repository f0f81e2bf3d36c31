import { toast } from "~/lib/toast";

export const PREVIEW_BLOCKED = "Your browser kept the preview from opening";

/**
 * Opens a studio preview in a new tab, cut off from this one. A browser that blocks the tab gets
 * a toast whose action opens it (a click of the visitor's own, which browsers let through), so a
 * press of Preview is never silently lost.
 */
export function openPreviewTab(url: string) {
  const tab = window.open(url, "_blank");
  if (tab) {
    tab.opener = null;
    return;
  }
  toast.error(PREVIEW_BLOCKED, { action: { label: "Open the preview", onClick: () => window.open(url, "_blank") } });
}
