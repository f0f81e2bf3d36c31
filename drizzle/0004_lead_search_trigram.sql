-- The lead desk's search (docs/decisions/0701): ILIKE '%q%' over name, e-mail and company. On
-- PostgreSQL, trigram GIN indexes turn its scan of every lead into an index search (a miss at
-- 100,000 leads: about 100 ms to under 1 ms). pg_trgm ships with PostgreSQL and is a trusted
-- extension; where it cannot be created (the embedded database does not bundle it unless loaded,
-- or the role may not create extensions) the search keeps scanning and nothing fails. The
-- indexes are not in server/db/schema.ts, which cannot say "only where the extension exists".
DO $$
DECLARE
  trgm_schema text;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN others THEN
    RAISE NOTICE 'pg_trgm not available (%): the lead search scans instead', SQLERRM;
  END;
  SELECT extnamespace::regnamespace::text INTO trgm_schema FROM pg_extension WHERE extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS leads_name_trgm_idx ON leads USING gin (name %s.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX IF NOT EXISTS leads_email_trgm_idx ON leads USING gin (email %s.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX IF NOT EXISTS leads_company_trgm_idx ON leads USING gin (company %s.gin_trgm_ops)', trgm_schema);
  END IF;
END $$;
