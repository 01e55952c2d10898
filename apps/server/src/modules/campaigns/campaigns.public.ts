/** What other modules (through src/composition.ts) may use of the campaigns. */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { dispatchCampaignJob } from './campaigns.jobs';
import { confirmByReply } from './campaigns.repository';

/** A campaign as its page shows it (outgoing webhooks' `campaign.finished`). */
export { findCampaign } from './campaigns.repository';

/**
 * Read with the ticket's lock (ReplyClaims.confirmation.awaited): a record of this contact waits for a confirmation.
 * A superset of what `confirmByReply` takes (any campaign, any connection); false spares the automation that statement.
 */
export const confirmationAwaited = (t: { companyId: SQL; contactId: SQL }) => sql`EXISTS (
  SELECT 1 FROM campaign_shippings cs WHERE cs.company_id = ${t.companyId} AND cs.contact_id = ${t.contactId} AND cs.status = 'confirmation')`;

/**
 * The automation's question before answering a customer (ReplyClaims.confirmation): is this the reply a campaign is
 * waiting for? Taken records go back to pending; answers the dispatch jobs to wake once the decision committed.
 */
export async function claimConfirmationReply(
  tx: Db,
  p: { companyId: number; contactId: number; whatsappId: number; messageId: number },
) {
  const campaignIds = await confirmByReply(tx, { companyId: p.companyId }, p);
  return campaignIds.map((campaignId) => ({
    def: dispatchCampaignJob,
    payload: { companyId: p.companyId, campaignId },
    singletonKey: `campaign-${campaignId}`,
  }));
}
