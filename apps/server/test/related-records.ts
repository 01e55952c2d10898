import { fileLists, prompts, queueIntegrations } from '../src/db/schema';
import type { Tenant, TestContext } from './harness';

/** A prompt, an integration and a file list of one company (to point another company's queue or connection at). */
export async function relatedRecordsOf(t: TestContext, tenant: Tenant) {
  const db = t.database.db;
  const [prompt] = await db
    .insert(prompts)
    .values({ companyId: tenant.companyId, name: 'Vendedor', prompt: 'Atenda bem', apiKey: 'sk-test' })
    .returning({ id: prompts.id });
  const [integration] = await db
    .insert(queueIntegrations)
    .values({ companyId: tenant.companyId, type: 'n8n', name: 'Fluxo', urlN8N: 'https://n8n.example.com/hook' })
    .returning({ id: queueIntegrations.id });
  const [fileList] = await db
    .insert(fileLists)
    .values({ companyId: tenant.companyId, name: 'Catálogo', message: 'Segue' })
    .returning({ id: fileLists.id });
  return { promptId: prompt.id, integrationId: integration.id, fileListId: fileList.id };
}
