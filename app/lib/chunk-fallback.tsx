import * as React from "react";

/** What the visitor reads when a form's code could not load, before its own page opens. */
export const FORM_LOAD_FAILED = "The form could not load";
export const FORM_PAGE_OPENING = "Opening the form's page instead…";

/** Long enough to read the message before the page changes. */
export const FALLBACK_DELAY_MS = 1_500;

/**
 * Around code that loads on first use (a dialog, its form): when it cannot render (its chunk did
 * not come, even after `retryingImport`'s retries), `onFailure` runs once and `fallback` shows
 * in its place. The callers send the visitor to the page that holds the same form, so a button
 * never does nothing. A change of `resetKey` (a new press) tries again.
 * On every public page's start-up (booking-dialog.tsx): keep it small.
 */
export class ChunkFallbackBoundary extends React.Component<
  { onFailure: () => void; fallback?: React.ReactNode; resetKey?: unknown; children: React.ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.props.onFailure();
  }

  componentDidUpdate(previous: { resetKey?: unknown }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
