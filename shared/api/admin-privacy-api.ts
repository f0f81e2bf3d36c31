/** POST /api/admin/privacy/erase (200): what was deleted, and what is left to others (docs/decisions/0706). */
export type PrivacyEraseResponse = {
  erased: {
    /** Lead desk rows (each with its timeline and notes) and the submissions they were made from. */
    leads: number;
    submissions: number;
    timelineEntries: number;
    /** Notification rows: pending copies of the lead and delivered receipts. */
    notifications: number;
    rateLimitRows: number;
    /** Audit log entries the address was replaced in ("[erased]"): the entries themselves stay. */
    auditEntries: number;
  };
  /** Copies this site cannot delete: sent before the erasure to systems with their own deletion. */
  leftToThirdParties: string;
};
