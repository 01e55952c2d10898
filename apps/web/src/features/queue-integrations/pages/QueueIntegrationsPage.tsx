import type { QueueIntegrationDto } from '@atendo/shared';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CrudListPage } from '../../../shared/ui/CrudListPage';
import { QueueIntegrationModal } from '../components/QueueIntegrationModal';
import { useDeleteQueueIntegration, useQueueIntegrationsPage } from '../hooks/useQueueIntegrations';

/** /queue-integration (seed 001 §2, §2 "Queue integrations and file lists"): search, infinite scroll, add, edit, delete. */
export default function QueueIntegrationsPage() {
  const { t } = useTranslation();
  return (
    <CrudListPage<QueueIntegrationDto>
      ns="queueIntegrations"
      table={useQueueIntegrationsPage()}
      remove={useDeleteQueueIntegration()}
      columns={[
        {
          key: 'type',
          header: t('queueIntegrations.fields.type'),
          render: (r) => <Chip size="small" label={t(`queueIntegrations.types.${r.type}`)} />,
        },
        { key: 'name', header: t('queueIntegrations.fields.name'), render: (r) => r.name },
      ]}
      editor={(p) => <QueueIntegrationModal {...p} />}
    />
  );
}
