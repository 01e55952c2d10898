/** Every query key of the billing domain. */
export const billingKeys = {
  all: ['billing'] as const,
  /** GET /invoices/all (searched, infinite). */
  invoices: ['billing', 'invoices'] as const,
  /** GET /financeiro/plano-atual. */
  currentPlan: ['billing', 'currentPlan'] as const,
};
