import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmationDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void | Promise<void>;
  /** Default: 'Exclusão de Registro'. */
  title?: string;
  /** Default: 'Deseja realmente excluir esse registro?'. */
  children?: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
}

/** The one confirmation dialog (deletes and other irreversible actions). Escape and Cancel close it. */
export function ConfirmationDialog({ open, onClose, onConfirm, title, children, confirmLabel, busy }: ConfirmationDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title ?? t('confirmation.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} component="div">
          {children ?? t('confirmation.message')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy}
          onClick={async () => {
            await onConfirm();
            onClose();
          }}
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
