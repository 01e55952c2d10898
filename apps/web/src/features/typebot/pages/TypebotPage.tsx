import HelpIcon from '@mui/icons-material/Help';
import { Alert, Box, IconButton, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useHelpVideo } from '../../../shared/hooks/useHelps';
import { LoadError } from '../../../shared/ui/LoadError';
import { Loading } from '../../../shared/ui/Loading';
import { TutorialVideoDialog, useFirstVisit } from '../../../shared/ui/TutorialVideoDialog';
import { useTypebotBuilderUrl } from '../hooks/useTypebotBuilder';

/** /typebot (seed 002 §2.14): the configured Typebot builder in a frame; its tutorial video opens on the first visit. */
export default function TypebotPage() {
  const { t } = useTranslation();
  const url = useTypebotBuilderUrl();
  const tutorialVideo = useHelpVideo('typebot');
  const tutorial = useFirstVisit('hasVisitedTypebot', tutorialVideo);

  return (
    <Box
      sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, height: 'calc(100vh - 64px)', minHeight: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('typebotPage.title')}
        </Typography>
        {tutorialVideo ? (
          <Tooltip title={t('typebotPage.help')}>
            <IconButton aria-label={t('typebotPage.help')} onClick={tutorial.show}>
              <HelpIcon />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      {url.isLoading ? (
        <Loading />
      ) : url.isError ? (
        <LoadError error={url.error} onRetry={() => void url.refetch()} />
      ) : url.data ? (
        <Box
          component="iframe"
          title={t('typebotPage.frameTitle')}
          src={url.data}
          sx={{ flex: 1, minHeight: 0, width: '100%', border: 0, borderRadius: 1, bgcolor: 'background.paper' }}
        />
      ) : (
        <Alert severity="info" data-testid="typebot-not-configured">
          <Typography sx={{ fontWeight: 600 }}>{t('typebotPage.emptyTitle')}</Typography>
          {t('typebotPage.emptyHint')}
        </Alert>
      )}
      <TutorialVideoDialog
        open={tutorial.open}
        onClose={tutorial.close}
        title={t('typebotPage.tutorial')}
        videoUrl={tutorialVideo}
      />
    </Box>
  );
}
