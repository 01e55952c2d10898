import { Button, DialogActions } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The foot of every form dialog: Cancel closes it, the contained button submits the form (disabled while it is
 * submitting).
 */
export function DialogFormActions({
  onCancel,
  busy,
  submitLabel,
}: {
  onCancel: () => void;
  busy?: boolean;
  /** Default: common.save. */
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {submitLabel ?? t('common.save')}
      </Button>
    </DialogActions>
  );
}
