import { eq, sql, type SQL } from "drizzle-orm";
import { defaultRoutingSettings, type RoutingSettings, type RoutingSettingsResponse } from "@shared/schemas/lead-routing";
import type { Db } from "../db/client";
import { leadDeskStaff, leadRotations, leads } from "../db/schema";

/**
 * Round-robin lead routing (docs/decisions/0711). Who may get a lead now: a staff member who works
 * leads (role admin or moderator), taking leads (no settings row: yes), and within their working
 * hours in their time zone (no hours: always). Read by the transaction that stores a lead and by
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

/** Who works leads: these roles open the lead desk (docs/decisions/0204). */
const leadRoles = sql.raw(`('admin', 'moderator')`);

/**
 * Everyone who may be given a lead now: id, email, whether they are in the enterprise rotation
 * (`ent`), and their place in the rotation's fixed order (`joined`: when the account was made).
 * `exclude` leaves one person out (a lead's current owner) before anything is locked.
 *
 * `lock` is for statements that give someone a lead (storing a lead, the first-contact move, a
 * lost owner's leads routed again: docs/decisions/0206, 0711). It locks each person's account FOR
 * SHARE, then each of their lead-desk role rows FOR KEY SHARE, in that order (the account in an
 * inner query). Taking access away locks the account FOR UPDATE first: a deactivation stamps it,
 * so a statement that waited for it rechecks `deactivated_at` on the new row and leaves them out;
 * a role removal deletes the role row, which a statement that waited for it then skips. Both are
 * needed: after waiting, PostgreSQL rechecks only the locked rows, and a plain EXISTS on the roles
 * would still see the deleted role in the statement's snapshot. Deactivating or removing a role
 * locks the admin role rows FOR NO KEY UPDATE, which KEY SHARE does not wait for, so a statement
 * holding some role rows while it waits for an account cannot deadlock with them.
 * `lock: "skip"` passes over anyone whose access is being changed right now (for the routing done
 * inside such a change, which holds the admin role rows: waiting there could deadlock).
 */
export function eligibleStaffSql({ lock = false, exclude = null }: { lock?: boolean | "skip"; exclude?: string | null } = {}): SQL {
  const excluded = exclude ? sql` and u.id <> ${exclude}::uuid` : sql``;
  const hasRole = sql`exists (select 1 from user_roles r where r.user_id = u.id and r.role in ${leadRoles})`;
  if (!lock) {
    return sql`select u.id, u.email, coalesce(s.enterprise_rotation, false) as ent, u.created_at as joined
      from auth_users u
      left join lead_desk_staff s on s.user_id = u.id
      where u.deactivated_at is null${excluded}
        and ${hasRole}
        and (s.user_id is null or (s.taking_leads and ${inWorkingHours}))`;
  }
  const wait = lock === "skip" ? sql` skip locked` : sql``;
  return sql`select distinct e.id, e.email, e.ent, e.joined from (
      select a.id, a.email, coalesce(s.enterprise_rotation, false) as ent, a.created_at as joined
        from (select u.id, u.email, u.created_at from auth_users u
               where u.deactivated_at is null${excluded} and ${hasRole}
                 for share of u${wait}) a
        join user_roles r on r.user_id = a.id and r.role in ${leadRoles}
        left join lead_desk_staff s on s.user_id = a.id
       where s.user_id is null or (s.taking_leads and ${inWorkingHours})
         for key share of r${wait}) e`;
}

/** Who a new lead went to, and why: the rotation is the one its fit names, whichever the reason. */
export type NewLeadOwner = { id: string; email: string; reason: "same_address" | "rotation"; rotation: "general" | "enterprise" };

/**
 * Who gets a new lead, in the transaction that stores it (docs/decisions/0711), after its limit
 * and bot token and before it is inserted, so that it is inserted with its owner. No turn is taken
 * for a submission refused before (a replay, past the limit); one taken for a lead whose key turns
 * out to be stored already (a duplicate) is given back (giveTurnBack). A store takes the
 * rotation's row before it inserts its lead and never after, so a store that holds a lead's key
 * while another waits on it never waits for that row itself: two stores of one key cannot deadlock.
 *   staff     everyone who may be given a lead now (eligibleStaffSql), their accounts locked FOR
 *             SHARE before the turn is taken, against a concurrent deactivation; in the rotations'
 *             fixed order (when their account was made)
 *   rotation  'enterprise' for an enterprise-fit lead when someone is in that rotation, else 'general'
 *   sticky    the owner of the newest open lead from the same address, if they may be given one now
 *   turn      else the rotation's counter, +1: INSERT ... ON CONFLICT DO UPDATE locks the row and
 *             reads its latest committed version, so concurrent stores on any instance wait for one
 *             another and take consecutive turns (turn n goes to member (n - 1) mod size)
 * Null when nobody may be given one.
 */
export async function ownerForNewLead(tx: Db, lead: { email: string; fitTier: string }): Promise<NewLeadOwner | null> {
  // The sticky owner rides the staff query as one column, one round trip fewer for every lead: the
  // owners of the address's open leads, newest first (a scalar subquery, evaluated once), of whom
  // the first who may be given a lead now is sticky.
  const { rows: staff } = await tx.execute<{ id: string; email: string; ent: boolean; open_owners: string[] | null }>(
    sql`select e.id, e.email, e.ent,
        (select jsonb_agg(o.owner_user_id order by o.created_at desc) from ${leads} o
          where lower(o.email) = lower(${lead.email}) and o.owner_user_id is not null
            and o.status not in ${sql.raw(`(${CLOSED_STATUSES.map((status) => `'${status}'`).join(", ")})`)}) as open_owners
      from (${eligibleStaffSql({ lock: true })}) e
      order by e.joined, e.id`,
  );
  if (staff.length === 0) return null;
  const rotation = lead.fitTier === "enterprise" && staff.some((s) => s.ent) ? "enterprise" : "general";
  const openOwners = staff[0]!.open_owners ?? [];
  const sticky = openOwners.map((id) => staff.find((s) => s.id === id)).find((s) => s !== undefined);
  if (sticky) return { id: sticky.id, email: sticky.email, reason: "same_address", rotation };
  const pool = staff.filter((s) => rotation === "general" || s.ent);
  const [taken] = await tx
    .insert(leadRotations)
    .values({ name: rotation, turn: 1 })
    .onConflictDoUpdate({ target: leadRotations.name, set: { turn: sql`${leadRotations.turn} + 1` } })
    .returning({ turn: leadRotations.turn });
  const owner = pool[(taken!.turn - 1) % pool.length]!;
  return { id: owner.id, email: owner.email, reason: "rotation", rotation };
}

/**
 * Gives back the turn a new lead took when the lead was not stored after all (its key was stored
 * already): the transaction still holds the rotation's row, so nobody took a turn since, and the
 * next lead gets the member this one would have.
 */
export async function giveTurnBack(tx: Db, owner: NewLeadOwner): Promise<void> {
  if (owner.reason !== "rotation") return;
  await tx
    .update(leadRotations)
    .set({ turn: sql`${leadRotations.turn} - 1` })
    .where(eq(leadRotations.name, owner.rotation));
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
