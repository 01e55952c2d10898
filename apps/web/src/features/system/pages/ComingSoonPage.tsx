import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A registered route whose feature is not built yet says so (no fake screen). */
export default function ComingSoonPage({ feature }: { feature: string }) {
  const { t } = useTranslation();
  const name = t(`features.${feature}`);
  return (
    <Box sx={{ p: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
        <ConstructionOutlined color="primary" sx={{ fontSize: 56, mb: 2 }} aria-hidden />
        <Typography variant="h5" component="h1" gutterBottom>
          {name}
        </Typography>
        <Typography color="text.secondary">{t('comingSoon.message', { feature: name })}</Typography>
      </Paper>
    </Box>
  );
}
