import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The 403 page: 'Oops! Acesso Negado!' with Back to /tickets. */
export function AccessDeniedView() {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ p: 6, textAlign: 'center' }}>
      <BlockOutlined color="error" sx={{ fontSize: 72, mb: 2 }} aria-hidden />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('forbidden.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('forbidden.message')}
      </Typography>
      <Button component={Link} to="/tickets" variant="contained">
        {t('forbidden.back')}
      </Button>
    </Box>
  );
}
