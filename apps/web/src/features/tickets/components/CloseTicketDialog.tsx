import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the closing form sends with `status: 'closed'` (PUT /tickets/:id). */
export interface CloseChoice {
  sendFarewellMessage: boolean;
  askRating: boolean;
}

const CHOICES = {
  ask: { sendFarewellMessage: true, askRating: true },
  farewell: { sendFarewellMessage: true, askRating: false },
  silent: { sendFarewellMessage: false, askRating: false },
} satisfies Record<string, CloseChoice>;
type ChoiceKey = keyof typeof CHOICES;

/**
 * The closing form (seed 000 §4): it appears when the company asks customers for a rating (setting userRating). The
 * attendant must say whether this customer is asked — nothing is preselected, and resolving without a choice says
 * 'Avaliação obrigatória'. Without ratings, resolving stays the two-item menu (with or without the farewell).
 */
export function CloseTicketDialog({
  open,
  busy,
  onClose,
  onResolve,
}: {
  open: boolean;
  busy?: boolean;
  onClose: () => void;
  onResolve: (choice: CloseChoice) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ChoiceKey | ''>('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setChoice('');
    setMissing(false);
    onClose();
  };
  const submit = () => {
    if (!choice) {
      setMissing(true);
      return;
    }
    onResolve(CHOICES[choice]);
    setChoice('');
    setMissing(false);
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="close-ticket-title">
      <DialogTitle id="close-ticket-title">{t('tickets.closeForm.title')}</DialogTitle>
      <DialogContent>
        <FormControl error={missing} required>
          <FormLabel id="close-ticket-rating">{t('tickets.closeForm.rating')}</FormLabel>
          <RadioGroup
            aria-labelledby="close-ticket-rating"
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value as ChoiceKey);
              setMissing(false);
            }}
          >
            {(Object.keys(CHOICES) as ChoiceKey[]).map((key) => (
              <FormControlLabel key={key} value={key} control={<Radio />} label={t(`tickets.closeForm.${key}`)} />
            ))}
          </RadioGroup>
          {missing ? <FormHelperText role="alert">{t('tickets.closeForm.required')}</FormHelperText> : null}
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" color="success" disabled={busy} onClick={submit}>
          {t('tickets.closeForm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
