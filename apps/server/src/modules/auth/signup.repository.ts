import { ALL_USER_FLAGS_ENABLED, addDays, DEFAULT_TIME_ZONE, dayIn, storedDay } from '@atendo/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { companies, plans, users } from '../../db/schema';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { insertCompany } from '../companies/companies.public';

export function findPublicPlan(db: Db, planId: number) {
  return db.query.plans.findFirst({ where: and(eq(plans.id, planId), eq(plans.isPublic, true)) });
}

export async function createCompanyWithAdmin(
  db: Db,
  input: {
    name: string;
    email: string;
    phone: string;
    companyName: string;
    planId: number;
    passwordHash: string;
    /** Days the company uses the product before its first due date (the plan's trial). */
    trialDays: number;
  },
) {
  const emailTaken = await db.query.users.findFirst({ where: sql`lower(${users.email}) = ${input.email}` });
  if (emailTaken) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
  const nameTaken = await db.query.companies.findFirst({ where: sql`lower(${companies.name}) = lower(${input.companyName})` });
  if (nameTaken) throw new AppError('ERR_COMPANY_ALREADY_EXISTS', 409);
  try {
    return await db.transaction(async (tx) => {
      const company = await insertCompany(tx, {
        name: input.companyName,
        email: input.email,
        phone: input.phone,
        planId: input.planId,
        // a calendar day (issue 30 item 2): the trial's last day, counted on the new company's clock
        dueDate: storedDay(addDays(dayIn(new Date(), DEFAULT_TIME_ZONE), input.trialDays)),
        recurrence: 'MENSAL',
      });
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          name: input.name,
          email: input.email,
          passwordHash: input.passwordHash,
          profile: 'admin',
          ...ALL_USER_FLAGS_ENABLED,
        })
        .returning({ id: users.id });
      return { companyId: company.id, userId: user.id };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
    if (isUniqueViolation(err, 'companies_name_unique')) throw new AppError('ERR_COMPANY_ALREADY_EXISTS', 409);
    throw err;
  }
}
