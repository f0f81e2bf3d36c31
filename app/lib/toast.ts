import type { ExternalToast, toast as sonnerToast } from "sonner";

/*
 * Toasts without sonner in any page's start-up (docs/decisions/0303). The page starts with an
 * empty toast region of its own (app/components/ui/toaster.tsx), the element sonner draws when it
 * has nothing to show. The first toast, or `prepareToasts()` ahead of one (a lead form's submit),
 * loads sonner in its place; toasts raised meanwhile wait and are shown, in order, once sonner
 * listens. Every module raises toasts through `toast` here, never from sonner itself.
 */

/** Toasts: at most 3 visible, 4000 ms each, bottom-right (docs/product.md#toasts). */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;

type Sonner = typeof sonnerToast;
export type ToastKind = "success" | "error" | "info" | "warning";
export type WaitingToast = { id: number; kind: ToastKind; title: string; options?: ExternalToast };

let sonner: Sonner | null = null;
let waiting: readonly WaitingToast[] = [];
let demanded = false;
let nextId = 1;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

function raise(kind: ToastKind, title: string, options?: ExternalToast) {
  if (sonner) return void sonner[kind](title, options);
  waiting = [...waiting, { id: nextId++, kind, title, options }];
  demanded = true;
  changed();
}

/** Loads the toast region now, so that a toast expected soon (after a submit) shows at once. */
export function prepareToasts(): void {
  if (demanded) return;
  demanded = true;
  changed();
}

/** What the toast region reads (useSyncExternalStore): whether toasts were asked for, and those waiting for sonner. */
export const toastStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  demanded: () => demanded,
  waiting: () => waiting,
  /** Sonner listens: the waiting toasts go to it, and every later one at once. */
  ready(loaded: Sonner): void {
    sonner = loaded;
    const now = waiting;
    waiting = [];
    changed();
    for (const t of now) loaded[t.kind](t.title, t.options);
  },
  /** A waiting toast shown without sonner (its code could not load) has had its time. */
  remove(id: number): void {
    waiting = waiting.filter((t) => t.id !== id);
    changed();
  },
};

const kind =
  (name: ToastKind) =>
  (title: string, options?: ExternalToast): void =>
    raise(name, title, options);

export const toast = { success: kind("success"), error: kind("error"), info: kind("info"), warning: kind("warning") };
