import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FirstVisitFlag, getItem, setItem } from '../storage';

/**
 * Open on the first visit of a page (hasVisited* flag absent) — only when there is a video to show: a first visit
 * never opens a dialog that just says none is configured, and the flag waits for the day one is. Closing sets the
 * flag. `show` opens it on demand (help button).
 */
export function useFirstVisit(flag: FirstVisitFlag, videoUrl?: string | null) {
  const [open, setOpen] = useState(() => Boolean(videoUrl) && !getItem(flag));
  // The video is read from the help videos after the page mounts: the first visit opens it when it arrives.
  useEffect(() => {
    if (videoUrl && !getItem(flag)) setOpen(true);
  }, [videoUrl, flag]);
  const close = useCallback(() => {
    setItem(flag, 'true');
    setOpen(false);
  }, [flag]);
  const show = useCallback(() => setOpen(true), []);
  return { open, close, show };
}

export interface TutorialVideoDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** An embeddable video URL; without one the dialog says no video is configured. */
  videoUrl?: string | null;
}

export function TutorialVideoDialog({ open, onClose, title, videoUrl }: TutorialVideoDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {videoUrl ? (
          <Box sx={{ position: 'relative', pt: '56.25%' }}>
            <Box
              component="iframe"
              src={videoUrl}
              title={title}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
            />
          </Box>
        ) : (
          <Typography color="text.secondary">{t('tutorial.noVideo')}</Typography>
        )}
      </DialogContent>
    </Dialog>
  );
}
