import { lazyComponent, retryingImport, warmWhenIdle } from "~/lib/lazy-import";

/**
 * The enterprise consultation dialog's code, for the buttons that open it
 * (app/features/enterprise/enterprise-consult-button.tsx): a loader that retries, for their
 * `React.lazy`, and a warm-up for the pages that render such a button.
 */
export const [EnterpriseConsultDialog, loadEnterpriseConsultDialog] = lazyComponent(
  retryingImport(() => import("~/features/enterprise/enterprise-consult-dialog")),
  (m) => m.EnterpriseConsultDialog,
);

/**
 * Once the page is up and idle, fetches the dialog's code, then its form's, so that a press finds
 * them in the module cache (nothing for a visitor who asks to save data). Call it from an effect
 * of the component that renders a consult button; calling it again loads nothing twice.
 */
export function warmEnterpriseConsult(): void {
  warmWhenIdle(() => loadEnterpriseConsultDialog().then((m) => warmWhenIdle(m.loadEnterpriseLeadForm)));
}
