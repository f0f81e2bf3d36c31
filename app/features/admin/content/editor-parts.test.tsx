// @vitest-environment happy-dom
// The studio editors' shared message at the top; each editor's refusals are its own tests'
// (post-editor.test.tsx) and the studio's browser journeys'.
import { act } from "react";
import { expect, it, vi } from "vitest";
import { reactRoots } from "../../../../tests/support/react-act";
import { EditorActionBar, EditorAlert, type EditorAlertMessage } from "./editor-parts";

const mountRoot = reactRoots();

it("takes the focus with each new message in every editor, so the keyboard starts at it and its button", async () => {
  const { root, container } = mountRoot();
  const field = document.createElement("input");
  document.body.append(field);
  const onReload = vi.fn();
  const show = (alert: EditorAlertMessage | null) => act(async () => root.render(<EditorAlert alert={alert} testId="role-alert" onReload={onReload} />));

  field.focus();
  await show(null);
  expect(document.activeElement).toBe(field);

  await show({ message: "Someone else saved this role first.", stale: true });
  const alert = container.querySelector<HTMLElement>('[role="alert"][data-testid="role-alert"]')!;
  expect(document.activeElement).toBe(alert);
  container.querySelector("button")!.click();
  expect(onReload).toHaveBeenCalledTimes(1);

  // A later, different message takes it again after the person moved on.
  field.focus();
  await show({ message: "Failed to save the role", stale: false });
  expect(document.activeElement).toBe(container.querySelector('[role="alert"]'));
  expect(container.querySelector("button")).toBeNull();
  field.remove();
});

it("says Saving... on Preview while the save that Preview starts is out, and Preview again after", async () => {
  const { root, container } = mountRoot();
  const bar = (busy: string | null) =>
    act(async () =>
      root.render(<EditorActionBar kind="Story" status="draft" dirty busy={busy} pending={busy !== null} onPreview={() => {}} previewSaving onPublish={() => {}} />),
    );
  const buttons = () => [...container.querySelectorAll('[role="group"][aria-label="Story actions"] button')].map((b) => b.textContent);
  await bar(null);
  expect(buttons()).toEqual(["Save draft", "Preview", "Publish"]);
  await bar("preview");
  expect(buttons()).toEqual(["Save draft", "Saving...", "Publish"]);
  expect([...container.querySelectorAll("button")].every((b) => b.disabled)).toBe(true);
  await bar(null);
  expect(buttons()).toEqual(["Save draft", "Preview", "Publish"]);
});
