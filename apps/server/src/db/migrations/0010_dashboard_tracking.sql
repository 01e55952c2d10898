CREATE TABLE "ticket_trackings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"whatsapp_id" integer,
	"queue_id" integer,
	"user_id" integer,
	"is_group" boolean DEFAULT false NOT NULL,
	"from_me" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"first_answer_at" timestamp with time zone,
	"finished_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"rate" smallint
);
--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD CONSTRAINT "ticket_trackings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD CONSTRAINT "ticket_trackings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD CONSTRAINT "ticket_trackings_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD CONSTRAINT "ticket_trackings_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD CONSTRAINT "ticket_trackings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_trackings_company_closed_idx" ON "ticket_trackings" USING btree ("company_id","closed_at");--> statement-breakpoint
CREATE INDEX "ticket_trackings_ticket_idx" ON "ticket_trackings" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "contacts_company_created_idx" ON "contacts" USING btree ("company_id","created_at");--> statement-breakpoint
-- Hand-written (kept out of the Drizzle snapshot, as in 0004): the dashboard counts tickets created in a range by
-- these columns, read from the index alone.
CREATE INDEX IF NOT EXISTS "tickets_company_created_idx" ON "tickets" USING btree ("company_id", "created_at") INCLUDE ("status", "queue_id", "user_id", "is_group", "from_me");--> statement-breakpoint
-- Tickets closed before this migration: their last attendance, as the close records it now (tickets.tracking.repository.ts).
INSERT INTO ticket_trackings (company_id, ticket_id, whatsapp_id, queue_id, user_id, is_group, from_me,
  started_at, accepted_at, first_answer_at, finished_at, closed_at, rate)
SELECT t.company_id, t.id, t.whatsapp_id, t.queue_id, t.user_id, t.is_group, t.from_me, s.at,
  COALESCE(
    (SELECT min(l.created_at) FROM ticket_logs l WHERE l.ticket_id = t.id AND l.created_at >= s.at
       AND l.user_id IS NOT NULL AND l.type IN ('open', 'receivedTransfer')),
    (SELECT min(l.created_at) FROM ticket_logs l WHERE t.from_me AND l.ticket_id = t.id AND l.created_at >= s.at
       AND l.user_id IS NOT NULL AND l.type = 'create')),
  (SELECT min(m.created_at) FROM messages m WHERE m.ticket_id = t.id AND m.created_at >= s.at AND m.from_me
     AND m.user_id IS NOT NULL AND NOT m.is_private AND NOT COALESCE(m.data_json ? 'automatic', false)),
  LEAST(c.at, COALESCE((SELECT min(m.created_at) FROM messages m WHERE m.ticket_id = t.id AND m.created_at >= s.at
     AND m.from_me AND m.data_json->>'automatic' = 'rating'), c.at)),
  c.at,
  (SELECT r.rate FROM user_ratings r WHERE r.ticket_id = t.id
     AND r.created_at > COALESCE((SELECT max(p.closed_at) FROM ticket_trackings p WHERE p.ticket_id = t.id), '-infinity')
     ORDER BY r.created_at DESC, r.id DESC LIMIT 1)
FROM tickets t
CROSS JOIN LATERAL (SELECT COALESCE(t.closed_at, t.updated_at) AS at) c
CROSS JOIN LATERAL (
  SELECT COALESCE((SELECT max(l.created_at) FROM ticket_logs l WHERE l.ticket_id = t.id
    AND l.type IN ('create', 'reopen') AND l.created_at <= c.at), t.created_at) AS at) s
WHERE t.status = 'closed';
