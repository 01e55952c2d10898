import { Button, DialogActions } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The foot of every form dialog: Cancel closes it, the contained button submits the form (disabled while it is
 * submitting). `children` go first (a dialog's own buttons: delete, test…).
 */
export function DialogFormActions({
  onCancel,
  busy,
  submitLabel,
  children,
}: {
  onCancel: () => void;
  busy?: boolean;
  /** Default: common.save. */
  submitLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      {children}
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {submitLabel ?? t('common.save')}
      </Button>
    </DialogActions>
  );
}
