import ArrowForward from '@mui/icons-material/ArrowForward';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { Box, Button, Card, CardContent, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUPPORT_WHATSAPP, WELCOME_VIDEO_URL } from '../../../shared/config';
import { useHelpVideo } from '../../../shared/hooks/useHelps';
import { useAppName } from '../../../shared/hooks/usePublicSettings';
import { useCurrentUser } from '../../../shared/session/context';

const CARDS = [
  { key: 'inbox', Icon: QuestionAnswerOutlined },
  { key: 'automation', Icon: SmartToyOutlined },
  { key: 'outreach', Icon: CampaignOutlined },
] as const;

/** /ajuda: tutorial video, three feature cards, WhatsApp contact and go-to-tickets (seed 002 §2.12). */
export default function WelcomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const appName = useAppName();
  // The platform's help video for this page (settings → Ajuda), or the build's configured one.
  const helpVideo = useHelpVideo('welcome');
  const videoUrl = helpVideo ?? WELCOME_VIDEO_URL;
  const whatsappHref = SUPPORT_WHATSAPP ? `https://wa.me/${SUPPORT_WHATSAPP.replace(/\D/g, '')}` : undefined;
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('welcome.title', { name: user.name, app: appName })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('welcome.subtitle')}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden', mb: 4 }}>
        {videoUrl ? (
          <Box sx={{ position: 'relative', pt: '56.25%' }}>
            <Box
              component="iframe"
              src={videoUrl}
              title={t('welcome.videoTitle')}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
            />
          </Box>
        ) : (
          <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>{t('tutorial.noVideo')}</Box>
        )}
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 4 }}>
        {CARDS.map(({ key, Icon }) => (
          <Card key={key} variant="outlined" component="section" aria-labelledby={`welcome-${key}`}>
            <CardContent>
              <Icon color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden />
              <Typography id={`welcome-${key}`} variant="h6" component="h2" gutterBottom>
                {t(`welcome.cards.${key}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`welcome.cards.${key}.text`)}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {whatsappHref ? (
          <Button
            variant="outlined"
            color="success"
            startIcon={<WhatsApp />}
            href={whatsappHref}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('welcome.contactWhatsapp')}
          </Button>
        ) : (
          <Button variant="outlined" color="success" startIcon={<WhatsApp />} disabled>
            {t('welcome.contactWhatsapp')}
          </Button>
        )}
        <Button component={Link} to="/tickets" variant="contained" endIcon={<ArrowForward />}>
          {t('welcome.goToTickets')}
        </Button>
      </Box>
    </Box>
  );
}
