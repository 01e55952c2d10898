import { timestamp } from 'drizzle-orm/pg-core';

/** createdAt / updatedAt of most tables (UTC, timestamptz). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};
