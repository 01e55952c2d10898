import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { useImportPhoneContacts } from '../../../shared/data/contacts/useContacts';

/**
 * "Importar do celular" (seed 000 §5 POST /contacts/import/chats): the chats of the company's connected WhatsApp (QR)
 * become contacts; the dialog shows the import running, then how many came, or why it could not (no QR session).
 */
export function ImportPhoneContactsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const run = useImportPhoneContacts();
  return (
    <Dialog open onClose={run.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="import-phone-title">
      <DialogTitle id="import-phone-title">{t('contacts.importPhone.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{t('contacts.importPhone.intro')}</DialogContentText>
        {run.isPending ? (
          <>
            <LinearProgress sx={{ mt: 2 }} aria-label={t('contacts.importPhone.importing')} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('contacts.importPhone.importing')}
            </Typography>
          </>
        ) : null}
        {run.isSuccess ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('contacts.importPhone.done', { created: run.data.created, total: run.data.total })}
          </Alert>
        ) : null}
        {run.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(run.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={run.isPending}>
          {run.isSuccess ? t('common.close') : t('common.cancel')}
        </Button>
        {run.isSuccess ? null : (
          <Button variant="contained" disabled={run.isPending} onClick={() => run.mutate()}>
            {t('contacts.importPhone.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
