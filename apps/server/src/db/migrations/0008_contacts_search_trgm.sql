-- Contact book search (seed 000 §5: the lower-cased term anywhere in the name, number or e-mail) through a trigram
-- index instead of a scan of the company's contacts. pg_trgm is a trusted extension: a database owner may create it.
-- Kept out of the Drizzle snapshot on purpose (an expression index drizzle-kit would not declare the same way).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_search_trgm_idx" ON "contacts" USING gin ((lower("name") || ' ' || "number" || ' ' || lower("email")) gin_trgm_ops);
