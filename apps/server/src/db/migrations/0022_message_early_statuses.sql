CREATE TABLE "message_early_statuses" (
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"ack" smallint DEFAULT 0 NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_early_statuses_whatsapp_id_external_id_pk" PRIMARY KEY("whatsapp_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "message_early_statuses" ADD CONSTRAINT "message_early_statuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_early_statuses" ADD CONSTRAINT "message_early_statuses_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_early_statuses_company_idx" ON "message_early_statuses" USING btree ("company_id","created_at");