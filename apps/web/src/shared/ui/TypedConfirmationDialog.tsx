import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TypedConfirmationDialogProps {
  open: boolean;
  title: string;
  warning: string;
  /** The field's label: what to type. */
  label: string;
  /** Whether the text typed confirms (the server checks it again). */
  matches: (typed: string) => boolean;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (typed: string) => void | Promise<void>;
  onClose: () => void;
  inputTestId?: string;
}

/**
 * An action that cannot be undone (deleting a company, erasing a contact's data): the button stays disabled until
 * the user types what identifies the record. Each opening starts with an empty field.
 */
export function TypedConfirmationDialog({
  open,
  title,
  warning,
  label,
  matches,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  inputTestId,
}: TypedConfirmationDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  const ok = open && matches(typed);
  const confirm = () => {
    if (ok && !busy) void onConfirm(typed);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <TextField
          autoFocus
          fullWidth
          label={label}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') confirm();
          }}
          slotProps={inputTestId ? { htmlInput: { 'data-testid': inputTestId } } : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={!ok || busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={confirm}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
