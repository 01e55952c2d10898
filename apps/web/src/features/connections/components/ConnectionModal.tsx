import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Tab, Tabs } from '@mui/material';
import { type ComponentType, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../shared/ui/CopyField';
import { Loading } from '../../../shared/ui/Loading';
import { SchedulesForm } from '../../../shared/ui/SchedulesForm';
import { type ConnectionForm, useConnectionForm } from '../hooks/useConnectionForm';
import type { NewChannel, TabName } from '../utils/connectionForm';
import { AssessmentsTab } from './connectionModal/AssessmentsTab';
import { ChatbotTab } from './connectionModal/ChatbotTab';
import { GeneralTab } from './connectionModal/GeneralTab';
import { IntegrationsTab } from './connectionModal/IntegrationsTab';
import { MessagesTab } from './connectionModal/MessagesTab';

export type { NewChannel };

/** The tabs every connection has, in order; the schedules tab follows when hours are kept per connection. */
const FORM_TABS: [TabName, ComponentType<{ c: ConnectionForm }>][] = [
  ['general', GeneralTab],
  ['integrations', IntegrationsTab],
  ['messages', MessagesTab],
  ['chatbot', ChatbotTab],
  ['assessments', AssessmentsTab],
];

export interface ConnectionModalProps {
  open: boolean;
  connectionId: number | null;
  /** The channel of a new connection (from the add menu). */
  channel: NewChannel;
  onClose: () => void;
  /** After the session was closed for the message import: show the connection's new QR code. */
  onQrCode?: (connectionId: number) => void;
}

/** Seed 001 §2 "Connections page" edit modal, with every field and rule of seed 001 §5 "Connection form". */
export function ConnectionModal({ open, connectionId, channel, onClose, onQrCode }: ConnectionModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const c = useConnectionForm({ open, connectionId, channel, onClose, onQrCode });
  const { tab, setTab, created, showSchedules } = c;
  const tabs: TabName[] = [...FORM_TABS.map(([name]) => name), ...(showSchedules ? (['schedules'] as const) : [])];
  const title = connectionId
    ? t('connections.edit')
    : t('connections.addChannel', { channel: t(`connections.channels.${c.channel}`) });
  // every tab stays mounted (hidden) so its fields keep their registration and values
  const shown = (name: TabName) => ({ display: tab === name ? 'block' : 'none' });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <form onSubmit={c.onSubmit} noValidate style={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" sx={{ px: 2 }}>
          {tabs.map((name) => (
            <Tab key={name} value={name} label={t(`connections.tabs.${name}`)} />
          ))}
        </Tabs>
        <DialogContent dividers sx={{ minHeight: 440 }}>
          {created ? (
            <Stack spacing={2}>
              <Alert severity="success">{t('connections.form.verifyTokenOnce')}</Alert>
              {created.webhookUrl ? (
                <CopyField label={t('connections.form.webhookUrl')} value={created.webhookUrl} testId="created-webhook-url" />
              ) : null}
              <CopyField label={t('connections.form.verifyToken')} value={created.verifyToken} testId="created-verify-token" />
            </Stack>
          ) : c.loading ? (
            <Loading />
          ) : (
            <>
              {FORM_TABS.map(([name, TabContent]) => (
                <Box key={name} sx={shown(name)}>
                  <TabContent c={c} />
                </Box>
              ))}
              {showSchedules && (
                <Box sx={shown('schedules')}>
                  <SchedulesForm value={c.schedules} onChange={c.setSchedules} />
                </Box>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{created ? t('common.close') : t('common.cancel')}</Button>
          {!created && (
            <Button type="submit" variant="contained" disabled={c.form.formState.isSubmitting || c.loading}>
              {t('common.save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
