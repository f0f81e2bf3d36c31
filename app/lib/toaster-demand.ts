/**
 * Whether the page has loaded code that can raise a toast. The toast region (sonner's Toaster,
 * its code and the stylesheet it injects) is mounted only from then on, so pages that are only
 * read never pay for it (docs/decisions/0303). Kept apart from `toast.ts` so the root can watch
 * it without importing sonner.
 */
let demanded = false;
const listeners = new Set<() => void>();

export function demandToaster(): void {
  if (demanded) return;
  demanded = true;
  for (const listener of listeners) listener();
}

export const toasterDemanded = (): boolean => demanded;

export function subscribeToasterDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
