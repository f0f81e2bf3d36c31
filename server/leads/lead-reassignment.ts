import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { BotCheckOutcome } from "@shared/schemas/lead-sources";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { leadRotations } from "../db/schema";
import { appendLeadEvent } from "./lead-timeline";
import type { LeadKind, NotificationChannel } from "./lead-service";
import { CLOSED_STATUSES, eligibleStaffSql } from "./lead-routing";
import { queueLeadNotification } from "./notification-queue";

/**
 * Reassignment when nobody acts (docs/decisions/0711). Every lead queues a `lead_desk` /
 * `first_contact_due` row in the outbox, due LEADS_FIRST_CONTACT_MINUTES after it arrived (round
 * 1): the follow-up's own mechanism, so it survives a restart and is claimed by one worker on one
 * instance. When it comes due, the worker runs `firstContactDue` in the transaction that marks
 * the row done under its claim, so the move happens exactly once.
 */

export const DESK_CHANNEL = "lead_desk" satisfies NotificationChannel;

/** What the first-contact check needs from the configuration. */
export type FirstContactSettings = Pick<AppConfig["leads"], "firstContactMinutes" | "reassign"> & { notify: AppConfig["notify"] };

export type FirstContactOutcome =
  /** The lead left New (or is gone): nothing to do. */
  | { kind: "not_new" }
  | { kind: "reassigned"; rotation: string; queued: number }
  /** Alert mode, or nobody else may be given the lead now: staff alerted, owner kept. */
  | { kind: "alerted"; reason: "alert" | "nobody_else"; queued: number };

/**
 * Staff channels the alert goes out on: the sales inbox's e-mail, Slack (as the follow-up; held,
 * as the follow-up's is, for a lead sent without JavaScript while the bot check is on: docs/decisions/0501).
 */
function alertChannels(notify: AppConfig["notify"], botCheck: BotCheckOutcome | null): NotificationChannel[] {
  const channels: NotificationChannel[] = [];
  if (notify.smtpUrl && notify.to) channels.push("email");
  if (notify.slackWebhookUrl && botCheck !== "no_script") channels.push("slack");
  return channels;
}

type Owner = { id: string; email: string };

/**
 * The next person in the lead's rotation who is not `ownerId` and may be given a lead now (the
 * same people the store statement routes to: lead-routing.ts; deactivated accounts, staff without
 * a lead-desk role and staff outside their working hours are not among them), taking the
 * rotation's next turn, as a new lead does (docs/decisions/0711). Null when there is nobody.
 *
 * Their accounts and roles are locked as the store statement locks them, the owner left out: a
 * deactivation or role removal in flight is waited for (`lock: "wait"`), then its person is left
 * out, so a lead never goes to someone in the instant they lose access (docs/decisions/0206).
 * Routing done inside such a change passes over the people being changed instead (`"skip"`).
 */
export async function nextInRotation(
  tx: Db,
  lead: { fitTier: string; ownerId: string | null },
  lock: "wait" | "skip",
): Promise<(Owner & { rotation: string }) | null> {
  const { rows } = await tx.execute<{ id: string; email: string; rotation: string }>(sql`
    with staff as (${eligibleStaffSql({ lock: lock === "skip" ? "skip" : true, exclude: lead.ownerId })}),
    others as (select * from staff where staff.id is distinct from ${lead.ownerId}::uuid),
    rotation as (select case when ${lead.fitTier}::text = 'enterprise' and exists (select 1 from others where others.ent)
      then 'enterprise' else 'general' end as name),
    pool as (select others.id, others.email, (row_number() over (order by others.joined, others.id) - 1)::bigint as pos, count(*) over () as size
      from others cross join rotation where rotation.name = 'general' or others.ent),
    turn as (insert into ${leadRotations} (name, turn)
      select rotation.name, 1 from rotation where exists (select 1 from pool)
      on conflict (name) do update set turn = ${leadRotations}.turn + 1
      returning turn)
    select pool.id, pool.email, rotation.name as rotation
      from pool cross join turn cross join rotation
     where pool.pos = (turn.turn - 1) % pool.size`);
  return rows[0] ?? null;
}

/**
 * The lead's first-contact target has passed for the `round`th time. Under the lead's row lock:
 * a lead no longer New is left alone; else it goes to the next person in the rotation (mode
 * `next`): its owner changes, a timeline entry names both owners, the new owner is paged and the
 * previous one told (owner_email); in mode `alert`, or when nobody else may be given it now, staff
 * are alerted instead (e-mail, Slack) and the timeline says so. Then the next round is queued, one
 * target later, until LEADS_REASSIGN_MAX rounds have run. Every write carries a key of the lead
 * and the round, so a round run twice writes nothing twice.
 */
export async function firstContactDue(tx: Db, settings: FirstContactSettings, leadId: string, round: number): Promise<FirstContactOutcome> {
  const { rows } = await tx.execute<{
    kind: LeadKind;
    status: string;
    fit_tier: string;
    owner_id: string | null;
    owner_email: string | null;
    bot_check: BotCheckOutcome | null;
  }>(sql`
    select l.kind, l.status::text as status, l.fit_tier, l.owner_user_id as owner_id, u.email as owner_email,
           l.bot_check
      from leads l left join auth_users u on u.id = l.owner_user_id
     where l.id = ${leadId}::uuid
       for update of l`);
  const lead = rows[0];
  if (!lead || lead.status !== "new") return { kind: "not_new" };
  const from: Owner | null = lead.owner_id ? { id: lead.owner_id, email: lead.owner_email ?? "" } : null;
  const minutes = settings.firstContactMinutes;
  const key = `first_contact:${leadId}:${round}`;
  const smtp = Boolean(settings.notify.smtpUrl);
  let queued = 0;
  let outcome: FirstContactOutcome;

  const to = settings.reassign.mode === "next" ? await nextInRotation(tx, { fitTier: lead.fit_tier, ownerId: lead.owner_id }, "wait") : null;
  if (to) {
    await tx.execute(sql`update leads set owner_user_id = ${to.id}::uuid, version = version + 1, updated_at = now() where id = ${leadId}::uuid`);
    await appendLeadEvent(tx, {
      leadId,
      type: "owner_changed",
      data: { from, to: { id: to.id, email: to.email }, reason: "first_contact_missed", rotation: to.rotation, round, minutes },
      dedupeKey: key,
    });
    if (smtp) {
      // The new owner is paged as any new owner (delivered to the owner the lead has then).
      queued += await queueLeadNotification(tx, {
        leadId,
        leadKind: lead.kind,
        channels: ["owner_email"],
        topic: "owner_assigned",
        topicRef: `reassigned:${round}`,
        payload: { reassigned: { round, minutes, previousOwner: from?.email ?? null } },
      });
      if (from?.email) {
        queued += await queueLeadNotification(tx, {
          leadId,
          leadKind: lead.kind,
          channels: ["owner_email"],
          topic: "owner_reassigned",
          topicRef: String(round),
          payload: { previousOwner: from.email, newOwner: to.email, minutes },
        });
      }
    }
    outcome = { kind: "reassigned", rotation: to.rotation, queued };
  } else {
    const reason = settings.reassign.mode === "alert" ? "alert" : "nobody_else";
    await appendLeadEvent(tx, { leadId, type: "first_contact_missed", data: { owner: from, round, minutes, reason }, dedupeKey: key });
    queued += await queueLeadNotification(tx, {
      leadId,
      leadKind: lead.kind,
      channels: alertChannels(settings.notify, lead.bot_check),
      topic: "first_contact_missed",
      topicRef: String(round),
      payload: { round, minutes, reason },
    });
    outcome = { kind: "alerted", reason, queued };
  }

  if (round < settings.reassign.max) {
    await queueLeadNotification(tx, {
      leadId,
      leadKind: lead.kind,
      channels: [DESK_CHANNEL],
      topic: "first_contact_due",
      topicRef: String(round + 1),
      payload: {},
      dueInSeconds: Math.max(1, Math.round(minutes * 60)),
    });
  }
  return outcome;
}

/** What routing a lost owner's open leads again did (docs/decisions/0711). */
export type RerouteResult = { rerouted: number; unassigned: number };

/** Why an owner's open leads are routed again: deactivated, or their last lead-desk role removed (0206). */
export type RerouteReason = "owner_deactivated" | "owner_role_removed";

/**
 * A staff member lost access (server/admin/staff-access-service.ts, roles-service.ts): each of
 * their open leads (not Unqualified, Won or Lost) goes to the next person in its rotation, in the
 * order the leads arrived, each taking a turn; with nobody in rotation it is left Unassigned, and
 * its timeline says why, so it shows under the inbox's Unassigned filter. One `owner_changed`
 * entry per lead (with `reason`, the admin as its actor); the new owner is paged when `smtpUrl`
 * is set. Closed leads stay theirs: the history stays right. Runs in the change's transaction,
 * after the account is stamped or the role deleted, so the eligible staff already leave them out;
 * the caller has locked their account and open leads (see `nextInRotation` for the others).
 */
export async function rerouteOpenLeads(
  tx: Db,
  notify: Pick<AppConfig["notify"], "smtpUrl">,
  actor: { userId: string; email: string | null } | null,
  userId: string,
  reason: RerouteReason,
): Promise<RerouteResult> {
  const { rows: owned } = await tx.execute<{ id: string; kind: LeadKind; fit_tier: string }>(sql`
    select id, kind, fit_tier from leads
     where owner_user_id = ${userId}::uuid and status::text not in (${sql.join(CLOSED_STATUSES.map((s) => sql`${s}`), sql`, `)})
     order by created_at, id
       for update`);
  if (owned.length === 0) return { rerouted: 0, unassigned: 0 };
  const { rows: people } = await tx.execute<{ email: string }>(sql`select email from auth_users where id = ${userId}::uuid`);
  const from: Owner = { id: userId, email: people[0]?.email ?? "" };
  const result: RerouteResult = { rerouted: 0, unassigned: 0 };
  for (const lead of owned) {
    const to = await nextInRotation(tx, { fitTier: lead.fit_tier, ownerId: userId }, "skip");
    await tx.execute(sql`update leads set owner_user_id = ${to?.id ?? null}::uuid, version = version + 1, updated_at = now() where id = ${lead.id}::uuid`);
    await appendLeadEvent(tx, {
      leadId: lead.id,
      type: "owner_changed",
      actor: actor?.email ? { userId: actor.userId, email: actor.email } : null,
      data: { from, to: to ? { id: to.id, email: to.email } : null, reason, rotation: to?.rotation ?? null },
    });
    if (!to) {
      result.unassigned++;
      continue;
    }
    result.rerouted++;
    if (notify.smtpUrl) {
      await queueLeadNotification(tx, {
        leadId: lead.id,
        leadKind: lead.kind,
        channels: ["owner_email"],
        topic: "owner_assigned",
        // One per lead and lost owner: losing access again after getting it back is a new row.
        topicRef: `rerouted:${userId}:${crypto.randomUUID()}`,
        payload: { rerouted: { previousOwner: from.email } },
      });
    }
  }
  return result;
}
