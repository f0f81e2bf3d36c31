-- A role its closing date took off the site has a revision of its own action, "close"
-- (docs/decisions/0905). Closings stored before it are unpublish revisions by no person: staff
-- accounts are never deleted, so nothing else writes an unpublish without one.
UPDATE "content_revisions" SET "action" = 'close'
WHERE "action" = 'unpublish' AND "created_by" IS NULL
  AND "entry_id" IN (SELECT "id" FROM "content_entries" WHERE "kind" = 'role');
