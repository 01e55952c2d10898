import { type HelpDto, youtubeId } from '@atendo/shared';
import CloseIcon from '@mui/icons-material/Close';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/ui/LoadError';
import { Loading } from '../../../shared/ui/Loading';
import { useHelpsList } from '../hooks/useHelps';

/** /helps (seed 002 §2.11): a grid of help videos with title and description; a click plays it in a modal (Escape closes). */
export default function HelpsPage() {
  const { t } = useTranslation();
  const helps = useHelpsList();
  const [playing, setPlaying] = useState<HelpDto | null>(null);
  const titleId = useId();
  const playingId = youtubeId(playing?.video);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('helps.title')}
      </Typography>
      {helps.isLoading ? (
        <Loading />
      ) : helps.isError ? (
        <LoadError error={helps.error} onRetry={() => void helps.refetch()} />
      ) : helps.data?.length === 0 ? (
        <Typography color="text.secondary">{t('helps.emptyPage')}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          }}
        >
          {(helps.data ?? []).map((h) => {
            const id = youtubeId(h.video);
            return (
              <Box component="li" key={h.id}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    onClick={() => setPlaying(h)}
                    aria-label={t('helps.play', { title: h.title })}
                    sx={{ height: '100%' }}
                  >
                    <Box sx={{ position: 'relative' }}>
                      {id ? (
                        <CardMedia
                          component="img"
                          image={`https://img.youtube.com/vi/${id}/mqdefault.jpg`}
                          alt=""
                          sx={{ aspectRatio: '16 / 9' }}
                        />
                      ) : (
                        <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover' }} />
                      )}
                      <PlayCircleOutlineIcon
                        aria-hidden
                        sx={{ position: 'absolute', inset: 0, m: 'auto', fontSize: 56, color: 'common.white', opacity: 0.85 }}
                      />
                    </Box>
                    <CardContent>
                      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                        {h.title}
                      </Typography>
                      {h.description && (
                        <Typography variant="body2" color="text.secondary">
                          {h.description}
                        </Typography>
                      )}
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Box>
            );
          })}
        </Box>
      )}
      <Dialog open={Boolean(playing)} onClose={() => setPlaying(null)} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {playing?.title}
          <IconButton
            aria-label={t('common.close')}
            onClick={() => setPlaying(null)}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          {playingId && (
            <Box sx={{ position: 'relative', pt: '56.25%' }}>
              <Box
                component="iframe"
                src={`https://www.youtube.com/embed/${playingId}?autoplay=1`}
                title={playing?.title}
                allow="autoplay; encrypted-media; picture-in-picture"
                allowFullScreen
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
              />
            </Box>
          )}
        </DialogContent>
      </Dialog>
    </Box>
  );
}
