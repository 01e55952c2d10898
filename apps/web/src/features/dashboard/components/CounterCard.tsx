import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, Paper, Skeleton, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** One dashboard figure with its definition (docs/metrics.md) as a tooltip. */
export function CounterCard({
  name,
  value,
  loading = false,
  color,
}: {
  /** The counter's key (seed 000 §3): its label is dashboard.counters.<name>, its help dashboard.help.<name>. */
  name: string;
  value: string | number;
  loading?: boolean;
  color?: string;
}) {
  const { t } = useTranslation();
  const help = t(`dashboard.help.${name}`);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, height: '100%', borderLeft: 4, borderLeftColor: color ?? 'primary.main' }}
      data-testid={`counter-${name}`}
    >
      {/* The label wraps rather than cut ("Aguardando av…" on a narrow card, issue 30 item 12). */}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid={`counter-${name}-label`}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {t(`dashboard.counters.${name}`)}
        </Typography>
        <Tooltip title={help}>
          <InfoOutlined
            fontSize="inherit"
            color="action"
            aria-label={help}
            aria-hidden={false}
            role="img"
            tabIndex={0}
            sx={{ cursor: 'help', mt: '3px', flexShrink: 0 }}
          />
        </Tooltip>
      </Box>
      <Typography variant="h5" component="p" data-testid={`counter-${name}-value`} sx={{ mt: 1, fontWeight: 600 }}>
        {loading ? <Skeleton width={64} /> : value}
      </Typography>
    </Paper>
  );
}
