import * as React from "react";
import type { NativeFormState } from "@shared/native-form-answer";

export type { NativeFormState };

/*
 * Apart from the forms' code (./native-form.tsx reads their schemas): the pages import it, and a
 * page's own chunk is start-up JavaScript (docs/decisions/0303).
 */

/**
 * The server's state for a page's lead form: its route's `actionData`, which the page provides
 * around its own form (never around a dialog's form in the same page).
 */
export const NativeFormStateContext = React.createContext<NativeFormState | null>(null);

/** The server's state for the form being rendered, if the server is answering a native post. */
export function useNativeFormState(): NativeFormState | null {
  return React.useContext(NativeFormStateContext);
}

