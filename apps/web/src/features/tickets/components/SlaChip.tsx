import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../shared/data/tickets/types';
import { useMinute } from '../../../shared/hooks/useMinute';
import { SLA_WARN_MINUTES, slaStatus } from '../utils/sla';
import { waitingParts } from '../utils/waiting';

/** The ticket's SLA in the inbox row (decision 105): a live countdown to the nearest due time, red once missed. */
export function SlaChip({ sla }: { sla: Ticket['sla'] }) {
  const { t } = useTranslation();
  const now = useMinute();
  const s = slaStatus(sla, now);
  if (!s) return null;
  const common = { size: 'small' as const, 'data-testid': 'sla-chip', icon: <TimerOutlinedIcon aria-hidden /> };
  if (s.kind === 'paused') {
    return <Chip {...common} variant="outlined" label={t('tickets.list.sla.paused')} title={t('tickets.list.sla.pausedTitle')} />;
  }
  const target = t(`tickets.list.sla.target.${s.target}`);
  if (s.kind === 'missed') {
    return (
      <Chip
        {...common}
        color="error"
        data-sla="missed"
        label={t('tickets.list.sla.missed')}
        title={t('tickets.list.sla.missedTitle', { target })}
      />
    );
  }
  const parts = waitingParts(Math.abs(s.left));
  // Under a minute left a countdown reads "< 1 min" (a waiting time's "now" would say the opposite).
  const time = parts.key === 'now' ? t('tickets.list.sla.underMinute') : t(`tickets.list.waiting.${parts.key}`, parts);
  const overdue = s.left < 0;
  const warn = !overdue && s.left < SLA_WARN_MINUTES * 60_000;
  return (
    <Chip
      {...common}
      color={overdue ? 'error' : warn ? 'warning' : 'default'}
      variant={overdue || warn ? 'filled' : 'outlined'}
      data-sla={overdue ? 'overdue' : warn ? 'warn' : 'due'}
      label={overdue ? t('tickets.list.sla.overdue', { time }) : time}
      title={t(overdue ? 'tickets.list.sla.overdueTitle' : 'tickets.list.sla.dueTitle', { target, time })}
    />
  );
}
