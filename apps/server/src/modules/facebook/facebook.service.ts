/**
 * POST /facebook: connects the Pages (and their Instagram accounts) of a Facebook login. The Graph API calls go
 * through the `MetaPagesPort` wired in the composition root (src/composition.ts) (modules never import a channel adapter).
 */
import type { FacebookConnectBody, WhatsappDto } from '@atendo/shared';
import type { MetaPagesPort } from '../../channels/types';
import type { TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { PageConnectionInput, WhatsappsService } from '../whatsapps/whatsapps.service';

export function createFacebookService(deps: {
  pages: MetaPagesPort;
  whatsapps: WhatsappsService;
  log?: (obj: object, msg: string) => void;
}) {
  /** Graph failures (expired login, missing permission) answer one code; the details go to the log. */
  async function graph<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      deps.log?.({ err: (err as Error).message, what }, 'Facebook login refused by the Graph API');
      throw new AppError('ERR_FACEBOOK_LOGIN', 400, { step: what });
    }
  }

  return {
    async connect(ctx: TenantContext, body: FacebookConnectBody): Promise<WhatsappDto[]> {
      const userToken = await graph('exchange', () => deps.pages.exchangeUserToken(body.facebookUserToken));
      const pages = await graph('accounts', () => deps.pages.listPages(userToken));
      const wanted: PageConnectionInput[] = [];
      for (const page of pages) {
        const common = { facebookUserId: body.facebookUserId, facebookUserToken: userToken, pageToken: page.accessToken };
        // With addInstagram only Pages that have an Instagram account are connected, each with its Page (as the seed's client does).
        if (body.addInstagram && !page.instagram) continue;
        if (body.addInstagram && page.instagram) {
          const handle = page.instagram.username ?? page.instagram.name ?? page.instagram.id;
          wanted.push({
            ...common,
            channel: 'instagram',
            name: `Insta ${handle}`,
            facebookPageUserId: page.instagram.id,
            number: handle,
          });
        }
        wanted.push({ ...common, channel: 'facebook', name: page.name, facebookPageUserId: page.id, number: page.id });
      }
      // Check the plan before touching Meta: nothing is subscribed for connections that will be refused.
      const plan = ctx.plan;
      const allowed = wanted.filter((w) => {
        const flag = w.channel === 'instagram' ? plan?.useInstagram : plan?.useFacebook;
        return flag !== false;
      });
      if (wanted.length && !allowed.length) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
      for (const pageId of new Set(allowed.map((w) => (w.channel === 'facebook' ? w.facebookPageUserId : undefined)))) {
        if (!pageId) continue;
        const page = pages.find((p) => p.id === pageId);
        if (page) await graph('subscribe', () => deps.pages.subscribePage(page.id, page.accessToken));
      }
      // An Instagram account whose Page is not connected (plan without useFacebook) still needs the Page subscribed.
      for (const w of allowed) {
        if (w.channel !== 'instagram') continue;
        const page = pages.find((p) => p.instagram?.id === w.facebookPageUserId);
        if (page && !allowed.some((a) => a.channel === 'facebook' && a.facebookPageUserId === page.id)) {
          await graph('subscribe', () => deps.pages.subscribePage(page.id, page.accessToken));
        }
      }
      return deps.whatsapps.savePageConnections(ctx, allowed);
    },
  };
}
