import { beforeEach, describe, expect, it, vi } from "vitest";

// The module keeps the page's toast state: a fresh copy per test.
async function freshToasts() {
  vi.resetModules();
  return import("./toast");
}

function fakeSonner() {
  const shown: [string, string, unknown][] = [];
  const kind = (name: string) => (title: string, options?: unknown) => {
    shown.push([name, title, options]);
    return shown.length;
  };
  const sonner = Object.assign(kind("default"), {
    success: kind("success"),
    error: kind("error"),
    info: kind("info"),
    warning: kind("warning"),
  });
  return { sonner, shown };
}

describe("toasts raised before sonner is in", () => {
  let t: Awaited<ReturnType<typeof freshToasts>>;
  beforeEach(async () => {
    t = await freshToasts();
  });

  it("ask for the region once, wait, and are shown in order, with their options, once sonner listens", () => {
    const listener = vi.fn();
    t.toastStore.subscribe(listener);
    expect(t.toastStore.demanded()).toBe(false);
    t.toast.error("Error", { description: "Submission failed" });
    t.toast.success("Saved");
    expect(t.toastStore.demanded()).toBe(true);
    expect(t.toastStore.waiting().map((w) => [w.kind, w.title])).toEqual([
      ["error", "Error"],
      ["success", "Saved"],
    ]);

    const { sonner, shown } = fakeSonner();
    t.toastStore.ready(sonner as Parameters<typeof t.toastStore.ready>[0]);
    expect(shown).toEqual([
      ["error", "Error", { description: "Submission failed" }],
      ["success", "Saved", undefined],
    ]);
    expect(t.toastStore.waiting()).toEqual([]);

    // From then on, straight to sonner.
    t.toast.warning("Pick a time for your call", { duration: 30_000 });
    expect(shown.at(-1)).toEqual(["warning", "Pick a time for your call", { duration: 30_000 }]);
    expect(t.toastStore.waiting()).toEqual([]);
  });

  it("prepareToasts asks for the region without a toast, once", () => {
    const listener = vi.fn();
    t.toastStore.subscribe(listener);
    t.prepareToasts();
    t.prepareToasts();
    expect(t.toastStore.demanded()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(t.toastStore.waiting()).toEqual([]);
  });

  it("one shown without sonner is removed when its time is up", () => {
    t.toast.info("The scheduler could not load on this page");
    t.toast.error("Error");
    const [first] = t.toastStore.waiting();
    t.toastStore.remove(first!.id);
    expect(t.toastStore.waiting().map((w) => w.title)).toEqual(["Error"]);
  });
});
