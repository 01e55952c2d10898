import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../shared/data/tickets/useTemplates';

/** "2h 05min 09s" — hours, minutes and seconds left. */
export function formatLeft(ms: number) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${h}h ${pad(m)}min ${pad(s % 60)}s`;
}

/** The live countdown of the Cloud API's 24-hour window, under the ticket's header (issue 36). */
export function CustomerWindowNotice({ closesAt }: { closesAt: string | null }) {
  const { t } = useTranslation();
  const left = useCountdown(closesAt);
  if (left <= 0) return null;
  return (
    <Alert severity={left < 60 * 60 * 1000 ? 'warning' : 'info'} sx={{ borderRadius: 0 }} role="status">
      {t('templates.window.open', { left: formatLeft(left) })}
    </Alert>
  );
}

/** Shown above the composer once the window is closed: why free text will not reach the customer, and the way out. */
export function ClosedWindowNotice({ closesAt, onTemplate }: { closesAt: string | null; onTemplate: () => void }) {
  const { t } = useTranslation();
  const left = useCountdown(closesAt);
  if (left > 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" onClick={onTemplate}>
          {t('templates.open')}
        </Button>
      }
    >
      {t(closesAt ? 'templates.window.closed' : 'templates.window.never')}
    </Alert>
  );
}
