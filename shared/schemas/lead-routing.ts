import "./zod-csp";
import { z } from "zod";

/**
 * Lead routing (docs/decisions/0711): each staff member who works leads says whether they are
 * taking leads, whether they are also in the enterprise rotation, and when they work. The same
 * schema checks the admin form and the server.
 */

export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export const weekdayLabels: Record<number, string> = { 1: "Mon", 2: "Tue", 3: "Wed", 4: "Thu", 5: "Fri", 6: "Sat", 7: "Sun" };

export const TIME_ZONE_MESSAGE = "Choose a time zone from the list (for example Europe/London)";
export const HOURS_MESSAGE = "Give both a start and an end time, or neither (always working)";
export const WORK_DAYS_MESSAGE = "Choose at least one working day";

/** IANA zone names this runtime knows (plus UTC, which Intl leaves out of its list). */
export function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time such as 09:00");

export const routingSettingsSchema = z
  .object({
    takingLeads: z.boolean({ error: "Say whether you are taking leads" }),
    enterpriseRotation: z.boolean({ error: "Say whether you take enterprise leads" }),
    timeZone: z
      .string({ error: TIME_ZONE_MESSAGE })
      .trim()
      .max(64, TIME_ZONE_MESSAGE)
      .refine((zone) => knownTimeZones().includes(zone), TIME_ZONE_MESSAGE),
    /** null: every day. */
    workDays: z
      .array(z.number({ error: WORK_DAYS_MESSAGE }).int().min(1, WORK_DAYS_MESSAGE).max(7, WORK_DAYS_MESSAGE), { error: WORK_DAYS_MESSAGE })
      .min(1, WORK_DAYS_MESSAGE)
      .max(7, WORK_DAYS_MESSAGE)
      .transform((days) => [...new Set(days)].sort())
      .nullable(),
    /** Local times; both null: any time of day. An end before the start runs past midnight. */
    workStart: hhmm.nullable(),
    workEnd: hhmm.nullable(),
  })
  .refine((v) => (v.workStart === null) === (v.workEnd === null), { message: HOURS_MESSAGE, path: ["workEnd"] })
  .refine((v) => v.workStart === null || v.workStart !== v.workEnd, { message: "The end must differ from the start", path: ["workEnd"] });

export type RoutingSettings = z.infer<typeof routingSettingsSchema>;

export const defaultRoutingSettings: RoutingSettings = {
  takingLeads: true,
  enterpriseRotation: false,
  timeZone: "UTC",
  workDays: null,
  workStart: null,
  workEnd: null,
};

/** GET and PUT /api/admin/leads/routing/me: the signed-in staff member's settings and where they stand. */
export type RoutingSettingsResponse = {
  settings: RoutingSettings;
  /** Taking leads, and within their working hours now: the next lead may be theirs. */
  availableNow: boolean;
};
