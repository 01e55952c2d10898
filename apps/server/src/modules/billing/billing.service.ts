import { randomUUID } from 'node:crypto';
import {
  type CurrentPlanDto,
  customPlanPrice,
  type InvoiceListQuery,
  type InvoicePageDto,
  type PaymentProviderName,
  type SubscriptionBody,
  type SubscriptionDto,
} from '@atendo/shared';
import type { Db } from '../../db/open';
import type { Tenant, TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { recordAudit } from '../audit/audit.public';
import { renewCompanyDueDate, setCompanyPlan } from '../companies/companies.public';
import { ensureCustomPlan, toPlanDto } from '../plans/plans.public';
import { getGlobalSetting } from '../settings/settings.public';
import * as repo from './billing.repository';
import { PROVIDER_KEYS, PROVIDER_ORDER, type ProviderKeys, providerFor } from './providers';
import { type ChargeState, type IncomingNotification, InvalidNotification, type PaymentProvider } from './providers/port';

/** Days before the due date an invoice is issued. */
export const ISSUE_AHEAD_DAYS = 10;
/** A pending charge is asked about once it is this old (a webhook normally lands well before). */
export const RECONCILE_AFTER_MS = 60_000;

export interface BillingLogger {
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

export function createBillingService(deps: CoreDeps, log: BillingLogger = { warn: () => {} }) {
  const db = deps.database.db;

  async function keys(): Promise<ProviderKeys> {
    const values = await Promise.all(PROVIDER_KEYS.map((k) => getGlobalSetting(db, k)));
    return Object.fromEntries(PROVIDER_KEYS.map((k, i) => [k, values[i]]));
  }

  async function provider(name: PaymentProviderName): Promise<PaymentProvider | null> {
    return providerFor(name, await keys(), deps.config.payments, deps.config.dataDir);
  }

  /** The provider new charges go to: the first whose keys the super admin configured. */
  async function activeProvider(): Promise<PaymentProvider> {
    const k = await keys();
    for (const name of PROVIDER_ORDER) {
      const p = providerFor(name, k, deps.config.payments, deps.config.dataDir);
      if (p) return p;
    }
    throw new AppError('ERR_PAYMENT_NOT_CONFIGURED', 409);
  }

  /**
   * A charge the provider says is paid: the charge flips to paid once (compare-and-set), its invoice is paid and the
   * company's due date moves by its recurrence — one transaction — then `company-{id}-payment` CONCLUIDA. The
   * guard reads the due date from the database on every request, so every process sees the unlock at once.
   */
  async function settle(charge: repo.ChargeRow, notification?: { provider: string; eventId: string }) {
    const now = new Date();
    const result = await db.transaction(async (tx: Db) => {
      if (notification && !(await repo.recordNotification(tx, notification.provider, notification.eventId, charge.id)))
        return null;
      const claimed = await repo.claimChargePaid(tx, charge.id, now);
      if (!claimed) return null;
      const tenant: Tenant = { companyId: claimed.companyId };
      await repo.markInvoicePaid(tx, tenant, claimed.invoiceId, claimed, now);
      // A custom plan paid for (other users/connections than the plan's): the company gets its own plan with them.
      const current = await repo.findCurrentPlan(tx, tenant);
      const custom = await ensureCustomPlan(tx, tenant, current?.company.planId ?? null, {
        users: claimed.users,
        connections: claimed.connections,
        amount: claimed.amount,
      });
      if (custom) await setCompanyPlan(tx, tenant, custom);
      const dueDate = await renewCompanyDueDate(tx, tenant, now);
      return dueDate ? { charge: claimed, dueDate } : null;
    });
    if (!result) return false;
    deps.realtime.publish(result.charge.companyId, 'payment', {
      action: 'CONCLUIDA',
      company: { id: result.charge.companyId, dueDate: result.dueDate.toISOString() },
      invoiceId: result.charge.invoiceId,
    });
    log.info?.(
      { chargeId: result.charge.id, companyId: result.charge.companyId, provider: result.charge.provider },
      'payment settled',
    );
    return true;
  }

  async function apply(
    charge: repo.ChargeRow,
    { status, amount }: ChargeState,
    notification?: { provider: string; eventId: string },
  ) {
    // A payment of another amount than the charge's (a PIX of a smaller value, a changed checkout) settles nothing:
    // the charge stays pending for a person to look at (issue 30 item 11).
    if (status === 'paid' && amount !== undefined && Math.round(amount * 100) !== Math.round(Number(charge.amount) * 100)) {
      log.warn(
        { chargeId: charge.id, provider: charge.provider, charged: Number(charge.amount), paid: amount },
        'payment amount differs from the charge: not settled',
      );
      return false;
    }
    if (status === 'paid') return settle(charge, notification);
    if (status === 'refused') await repo.markChargeRefused(db, charge.id);
    return false;
  }

  return {
    /** GET /invoices/all: the caller's company (its current invoice issued on read); the super admin sees every company. */
    async list(ctx: TenantContext, q: InvoiceListQuery): Promise<InvoicePageDto> {
      if (ctx.companyId !== 1) await repo.issueDueInvoices(db, ISSUE_AHEAD_DAYS, ctx);
      return repo.listInvoicePage(db, ctx.user.super ? null : ctx, q.searchParam ?? '', q.pageNumber);
    },

    async currentPlan(ctx: TenantContext): Promise<CurrentPlanDto> {
      const row = await repo.findCurrentPlan(db, ctx);
      if (!row) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      return {
        plano: row.plan ? toPlanDto(row.plan) : null,
        dueDate: row.company.dueDate?.toISOString() ?? null,
        recurrence: row.company.recurrence,
      };
    },

    /** POST /subscription: a charge for one of the company's unpaid invoices with the configured provider. */
    async subscribe(ctx: TenantContext, body: SubscriptionBody & { invoiceId: number }): Promise<SubscriptionDto> {
      const invoice = await repo.findInvoice(db, ctx, body.invoiceId);
      if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND', 404);
      if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID', 409);
      const p = await activeProvider();
      // The price is computed here, never taken from the browser: the invoice's, or the custom plan's — never below the
      // plan it copies (the company's current one, whose features and queues it keeps: issue 30 item 4).
      const custom = body.users !== undefined && body.connections !== undefined;
      const copies = custom ? ((await repo.findCurrentPlan(db, ctx))?.plan ?? null) : null;
      const amount = custom
        ? customPlanPrice(
            Number(body.users),
            Number(body.connections),
            copies && { amount: Number(copies.amount ?? 0), users: copies.users, connections: copies.connections },
          )
        : Number(invoice.value);
      if (!(amount > 0)) throw new AppError('ERR_INVALID_PLAN', 400);
      const reference = `atendo-${invoice.id}-${randomUUID()}`;
      const charge = await repo.insertCharge(db, ctx, {
        invoiceId: invoice.id,
        provider: p.name,
        reference,
        amount,
        users: custom ? Number(body.users) : invoice.users,
        connections: custom ? Number(body.connections) : invoice.connections,
      });
      const payerName = [body.firstName, body.lastName].filter(Boolean).join(' ').trim();
      try {
        const created = await p.createCharge({
          reference,
          amount,
          description: `Atendo — ${invoice.detail || 'assinatura'} (fatura ${invoice.id})`,
          payer: { name: payerName, taxId: body.zipcode, email: await repo.findCompanyEmail(db, ctx) },
          notificationUrl: `${deps.config.backendUrl}/subscription/webhook/${p.name}`,
          returnUrl: `${deps.config.frontendUrl}/financeiro`,
          dueDate: new Date(Math.max(Date.now(), invoice.dueDate.getTime())),
        });
        await repo.setChargeExternal(db, ctx, charge.id, created.externalId, {
          url: created.url ?? null,
          pixCopyPaste: created.pixCopyPaste ?? null,
        });
        recordAudit(deps, ctx, {
          action: 'invoice.charge',
          entity: 'invoice',
          entityId: invoice.id,
          before: { status: invoice.status, value: invoice.value },
          after: { chargeId: charge.id, provider: p.name, amount, users: charge.users, connections: charge.connections },
        });
        return {
          provider: p.name,
          chargeId: charge.id,
          qrcode: created.pixCopyPaste ? { qrcode: created.pixCopyPaste, imagemQrcode: created.pixImage ?? null } : null,
          stripeURL: p.name === 'stripe' ? (created.url ?? null) : null,
          mercadopagoURL: p.name === 'mercadopago' ? (created.url ?? null) : null,
          asaasURL: p.name === 'asaas' ? (created.url ?? null) : null,
          valorext: amount,
        };
      } catch (err) {
        await repo.markChargeRefused(db, charge.id);
        log.warn({ err, provider: p.name, invoiceId: invoice.id }, 'payment provider refused the charge');
        throw new AppError('ERR_PAYMENT_PROVIDER', 502);
      }
    },

    /**
     * A provider's notification (public webhook): verified as that provider verifies, then each charge it names is
     * applied once. False when it is not the provider's (the caller answers 401 and nothing changed).
     */
    async handleNotification(name: PaymentProviderName, n: IncomingNotification): Promise<boolean> {
      const p = await provider(name);
      if (!p) return false;
      let verified: Awaited<ReturnType<PaymentProvider['verifyNotification']>>;
      try {
        verified = await p.verifyNotification(n);
      } catch (err) {
        if (err instanceof InvalidNotification) {
          log.warn({ provider: name, reason: err.message }, 'payment notification refused');
          return false;
        }
        throw err;
      }
      for (const c of verified.charges) {
        const charge = await repo.findChargeForNotification(db, name, c);
        if (!charge) continue;
        await apply(charge, c, { provider: name, eventId: `${verified.eventId}#${charge.id}` });
      }
      return true;
    },

    /** Reconciliation: asks the provider about pending charges older than `olderThanMs` — a lost webhook is not a lost payment. */
    async reconcile(olderThanMs = RECONCILE_AFTER_MS, limit = 100): Promise<number> {
      const pending = await repo.listPendingCharges(db, new Date(Date.now() - olderThanMs), limit);
      const k = await keys();
      let settled = 0;
      for (const charge of pending) {
        const p = providerFor(charge.provider as PaymentProviderName, k, deps.config.payments, deps.config.dataDir);
        if (!p) continue;
        try {
          if (await apply(charge, await p.fetchStatus(charge))) settled += 1;
        } catch (err) {
          log.warn({ err, chargeId: charge.id, provider: charge.provider }, 'payment status lookup failed');
        }
      }
      return settled;
    },

    /** The issuing job: every billable company's next invoice, ISSUE_AHEAD_DAYS before its due date. */
    issueInvoices(): Promise<number> {
      return repo.issueDueInvoices(db, ISSUE_AHEAD_DAYS);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
