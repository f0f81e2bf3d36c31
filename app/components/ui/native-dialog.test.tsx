// @vitest-environment happy-dom
// The dialog's own handling of the browser's toggle events; opening and closing by the browser
// itself (commands, Escape, focus) is the end-to-end tests' (dialog-focus.spec.ts).
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { reactRoots } from "../../../tests/support/react-act";
import { NativeDialog } from "./native-dialog";

const mountRoot = reactRoots();

async function mount() {
  const { root, container } = mountRoot();
  const onOpen = vi.fn();
  const onClose = vi.fn();
  await act(async () => {
    root.render(
      <NativeDialog id="book" title="Book a demo" description="Pick a time" onOpen={onOpen} onClose={onClose}>
        <p>Form</p>
      </NativeDialog>,
    );
  });
  const dialog = container.querySelector("dialog")!;
  /** The one toggle event the browser fires for what changed since the last one. */
  const toggle = (oldState: "open" | "closed", newState: "open" | "closed") =>
    act(async () => {
      dialog.dispatchEvent(Object.assign(new Event("toggle"), { oldState, newState }));
    });
  return { onOpen, onClose, toggle };
}

describe("the dialog's opening and closing, as the browser reports them", () => {
  it("reports an opening, a closing, and a closing then an opening in one event", async () => {
    const { onOpen, onClose, toggle } = await mount();
    await toggle("closed", "open");
    expect([onOpen.mock.calls.length, onClose.mock.calls.length]).toEqual([1, 0]);
    await toggle("open", "closed");
    expect([onOpen.mock.calls.length, onClose.mock.calls.length]).toEqual([1, 1]);
    await toggle("open", "open");
    expect([onOpen.mock.calls.length, onClose.mock.calls.length]).toEqual([2, 2]);
  });

  it("counts an opening that was closed again before the browser reported it (closed to closed)", async () => {
    // Escape pressed as the dialog opens: a busy phone handles the key before the queued event,
    // and the visitor's opening would go uncounted (the funnel's dialog opens).
    const { onOpen, onClose, toggle } = await mount();
    await toggle("closed", "closed");
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onOpen.mock.invocationCallOrder[0]).toBeLessThan(onClose.mock.invocationCallOrder[0]!);
  });
});
