import type { DashboardCountersDto } from '@atendo/shared';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, LinearProgress, Paper, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from './format';

/** The NPS of the period: score, and the promoters / passives / detractors shares (seed 000 §3). */
export function NpsPanel({ counters }: { counters: DashboardCountersDto }) {
  const { t } = useTranslation();
  const num = useNumberFormat();
  const pct = (n: number) => `${num(n)}%`;
  const bands = [
    { key: 'npsPromotersPerc', label: t('dashboard.nps.promoters'), value: counters.npsPromotersPerc, color: 'success' as const },
    { key: 'npsPassivePerc', label: t('dashboard.nps.passive'), value: counters.npsPassivePerc, color: 'warning' as const },
    {
      key: 'npsDetractorsPerc',
      label: t('dashboard.nps.detractors'),
      value: counters.npsDetractorsPerc,
      color: 'error' as const,
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid="nps">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('dashboard.nps.title')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.nps.score')}
        </Typography>
        <Tooltip title={t('dashboard.help.npsScore')}>
          <InfoOutlined
            fontSize="inherit"
            color="action"
            aria-label={t('dashboard.help.npsScore')}
            aria-hidden={false}
            role="img"
            tabIndex={0}
          />
        </Tooltip>
      </Box>
      <Typography variant="h4" component="p" data-testid="nps-score" sx={{ fontWeight: 700 }}>
        {num(counters.npsScore)}
      </Typography>
      {bands.map((b) => (
        <Box key={b.key} sx={{ mt: 1.5 }} data-testid={`nps-${b.key}`}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Tooltip title={t(`dashboard.help.${b.key}`)}>
              <Typography variant="body2">{b.label}</Typography>
            </Tooltip>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {pct(b.value)}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, b.value)}
            color={b.color}
            aria-label={b.label}
            sx={{ height: 8, borderRadius: 1 }}
          />
        </Box>
      ))}
    </Paper>
  );
}
