/** Every query key of the connections domain. */
export const connectionKeys = {
  /** GET /whatsapp/?session=0 — the company's connections, for the page, the pickers and the filters. */
  list: ['connections', 'list'] as const,
  detail: (id: number) => ['connections', 'detail', id] as const,
  all: ['connections', 'allCompanies'] as const,
  /** GET /companies/list — every company, so that /allConnections shows those without a connection too. */
  companies: ['connections', 'companies'] as const,
  session: ['connections', 'session'] as const,
};
