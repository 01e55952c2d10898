import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import {
  Badge,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../shared/media';
import { type BellAnnouncement, useAnnouncementsBell } from '../hooks/useAnnouncementsBell';

/** Priority colours of the reading popover: 1 red, 2 orange, 3 grey (seed 000 §9). */
export const PRIORITY_COLORS: Record<number, string> = { 1: '#d32f2f', 2: '#ed6c02', 3: '#7C7C7C' };
const priorityColor = (p: number) => PRIORITY_COLORS[p] ?? PRIORITY_COLORS[3];

export function AnnouncementsBell() {
  const { t } = useTranslation();
  const { records, unseen, markSeen } = useAnnouncementsBell();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [detail, setDetail] = useState<BellAnnouncement | null>(null);
  const popoverId = useId();
  const detailTitleId = useId();
  return (
    <>
      <Tooltip title={t('announcementsBell.title')}>
        <IconButton
          color="inherit"
          aria-label={t('announcementsBell.label', { count: unseen })}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            markSeen();
          }}
        >
          <Badge badgeContent={unseen} color="error">
            <CampaignOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxHeight: 420 }, role: 'dialog', 'aria-label': t('announcementsBell.title') } }}
      >
        <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
          {t('announcementsBell.title')}
        </Typography>
        {records.length === 0 ? (
          <Box sx={{ p: 2, color: 'text.secondary' }}>{t('announcementsBell.empty')}</Box>
        ) : (
          <List dense>
            {records.map((a) => (
              <ListItemButton
                key={a.id}
                onClick={() => setDetail(a)}
                sx={{ borderLeft: 4, borderColor: priorityColor(a.priority) }}
              >
                <ListItemText primary={a.title} secondary={a.text} slotProps={{ secondary: { noWrap: true } }} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
      <Dialog open={Boolean(detail)} onClose={() => setDetail(null)} aria-labelledby={detailTitleId} maxWidth="sm" fullWidth>
        <DialogTitle id={detailTitleId} sx={{ borderLeft: 6, borderColor: priorityColor(detail?.priority ?? 3) }}>
          {detail?.title}
        </DialogTitle>
        <DialogContent>
          {detail?.mediaPath && (
            <Box component="img" src={mediaUrl(detail.mediaPath)} alt="" sx={{ maxWidth: '100%', mb: 2, borderRadius: 1 }} />
          )}
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{detail?.text}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDetail(null)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
