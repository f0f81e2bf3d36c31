import { eq, sql, type SQL } from "drizzle-orm";
import { defaultRoutingSettings, type RoutingSettings, type RoutingSettingsResponse } from "@shared/schemas/lead-routing";
import type { Db } from "../db/client";
import { leadDeskStaff } from "../db/schema";

/**
 * Round-robin lead routing (docs/decisions/0711). Who may get a lead now: a staff member who works
 * leads (role admin or moderator), taking leads (no settings row: yes), and within their working
 * hours in their time zone (no hours: always). Read by the statement that stores a lead and by
 * the reassignment, so both skip the same people.
 */

/** Statuses in which a lead is still open: a new lead from its address goes to its owner. */
export const CLOSED_STATUSES = ["unqualified", "won", "lost"] as const;

/** The working-hours test for the settings row aliased `s`, at the statement's now(). */
const inWorkingHours = sql.raw(`(
  (s.work_days is null or extract(isodow from (now() at time zone s.time_zone))::int = any (s.work_days))
  and (s.work_start is null or case
    when s.work_start < s.work_end
      then (now() at time zone s.time_zone)::time >= s.work_start and (now() at time zone s.time_zone)::time < s.work_end
    else (now() at time zone s.time_zone)::time >= s.work_start or (now() at time zone s.time_zone)::time < s.work_end
  end))`);

/**
 * Everyone who may be given a lead now: id, email, whether they are in the enterprise rotation
 * (`ent`), and their place in the rotation's fixed order (`joined`: when the account was made).
 *
 * `lock` (the statement that stores a lead) takes their accounts FOR SHARE: a deactivation holds
 * its account FOR UPDATE from its first statement, so a lead arriving meanwhile waits for it and
 * then, rechecking `deactivated_at`, leaves that person out; a deactivation that comes second
 * waits for the lead, and then routes it again with the person's other open leads. Without it a
 * lead could be given to someone in the instant they lost access, after their leads were moved.
 */
export function eligibleStaffSql({ lock = false }: { lock?: boolean } = {}): SQL {
  return sql`select u.id, u.email, coalesce(s.enterprise_rotation, false) as ent, u.created_at as joined
    from auth_users u
    left join lead_desk_staff s on s.user_id = u.id
    where u.deactivated_at is null
      and exists (select 1 from user_roles r where r.user_id = u.id and r.role in ('admin', 'moderator'))
      and (s.user_id is null or (s.taking_leads and ${inWorkingHours}))${lock ? sql` for share of u` : sql``}`;
}

const hhmm = (value: string | null) => (value === null ? null : value.slice(0, 5));

export async function routingSettingsOf(db: Db, userId: string): Promise<RoutingSettingsResponse> {
  const [row] = await db.select().from(leadDeskStaff).where(eq(leadDeskStaff.userId, userId));
  const settings: RoutingSettings = row
    ? {
        takingLeads: row.takingLeads,
        enterpriseRotation: row.enterpriseRotation,
        timeZone: row.timeZone,
        workDays: row.workDays,
        workStart: hhmm(row.workStart),
        workEnd: hhmm(row.workEnd),
      }
    : defaultRoutingSettings;
  const { rows } = await db.execute<{ available: boolean }>(
    sql`select exists (select 1 from (${eligibleStaffSql()}) e where e.id = ${userId}::uuid) as available`,
  );
  return { settings, availableNow: rows[0]?.available === true };
}

/** The time zone, if PostgreSQL knows it (it reads it at every lead): null when it does not. */
async function databaseKnowsZone(db: Db, zone: string): Promise<boolean> {
  const { rows } = await db.execute<{ known: boolean }>(sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`);
  return rows[0]?.known === true;
}

export const UNKNOWN_ZONE_MESSAGE = "This server's database does not know that time zone: choose another one near you";

/** Saves a staff member's own settings; answers the field error when the database lacks the zone. */
export async function saveRoutingSettings(db: Db, userId: string, settings: RoutingSettings): Promise<{ ok: true } | { ok: false; field: "timeZone"; message: string }> {
  if (!(await databaseKnowsZone(db, settings.timeZone))) return { ok: false, field: "timeZone", message: UNKNOWN_ZONE_MESSAGE };
  const values = { ...settings, updatedAt: sql`now()` };
  await db.insert(leadDeskStaff).values({ userId, ...values }).onConflictDoUpdate({ target: leadDeskStaff.userId, set: values });
  return { ok: true };
}
