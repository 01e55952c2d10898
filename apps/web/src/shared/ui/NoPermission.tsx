import LockOutlined from '@mui/icons-material/LockOutlined';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** In-page view for a screen the user's profile may not use (the shell stays). */
export function NoPermission() {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ p: 6, textAlign: 'center', color: 'text.secondary' }}>
      <LockOutlined sx={{ fontSize: 56, mb: 2 }} aria-hidden />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('noPermission.title')}
      </Typography>
      <Typography>{t('noPermission.message')}</Typography>
    </Box>
  );
}
