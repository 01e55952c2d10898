-- Indexes the ticket list needs on tables declared in messaging.ts (kept out of the Drizzle snapshot on purpose:
-- drizzle-kit cannot declare them from another file; see db/schema/attendance.ts).
-- The list orders by (updated_at, id): with the id in the index a page is read in order and stops at its limit,
-- and the INCLUDEd visibility columns let the count run as an index-only scan.
CREATE INDEX IF NOT EXISTS "tickets_company_status_updated_id_idx" ON "tickets" USING btree ("company_id", "status", "updated_at" DESC, "id" DESC) INCLUDE ("queue_id", "user_id", "is_group");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_company_updated_id_idx" ON "tickets" USING btree ("company_id", "updated_at" DESC, "id" DESC) INCLUDE ("status", "queue_id", "user_id", "is_group");--> statement-breakpoint
-- Contact search by word prefix (a GIN on a tsvector cannot lead with company_id without btree_gin; queries filter it).
CREATE INDEX IF NOT EXISTS "contacts_name_tsv_idx" ON "contacts" USING gin (to_tsvector('simple'::regconfig, "name"));
