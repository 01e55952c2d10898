/**
 * Server routes the web already calls but that their issues have not built yet (internal chat,
 * prompts, queue integrations, files). The client answers a call to one with a 404 at once, without a request, so
 * no page load shows a failed request (issue 16 item 11); `orEmpty` reads that 404 as "nothing".
 * The issue that builds one of these routes removes it from this list — the one place that knows.
 */
export const NOT_BUILT_ROUTES: readonly string[] = [];

/** True when `path` (with or without a query, id or trailing slash) is under a route that is not built yet. */
export function isNotBuilt(path: string): boolean {
  const pathname = path.split('?')[0];
  return NOT_BUILT_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`));
}
