import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../shared/media';
import { BellPopover } from '../../../shared/ui/BellPopover';
import { type BellAnnouncement, useAnnouncementsBell } from '../hooks/useAnnouncementsBell';

/** Priority colours of the reading popover: 1 red, 2 orange, 3 grey (seed 000 §9). */
export const PRIORITY_COLORS: Record<number, string> = { 1: '#d32f2f', 2: '#ed6c02', 3: '#7C7C7C' };
const priorityColor = (p: number) => PRIORITY_COLORS[p] ?? PRIORITY_COLORS[3];

export function AnnouncementsBell() {
  const { t } = useTranslation();
  const { records, unseen, markSeen } = useAnnouncementsBell();
  const [detail, setDetail] = useState<BellAnnouncement | null>(null);
  const detailTitleId = useId();
  return (
    <>
      <BellPopover
        title={t('announcementsBell.title')}
        label={t('announcementsBell.label', { count: unseen })}
        icon={<CampaignOutlined />}
        count={unseen}
        width={360}
        emptyText={t('announcementsBell.empty')}
        isEmpty={records.length === 0}
        onOpen={markSeen}
      >
        {() =>
          records.map((a) => (
            <ListItemButton
              key={a.id}
              onClick={() => setDetail(a)}
              sx={{ borderLeft: 4, borderColor: priorityColor(a.priority) }}
            >
              <ListItemText primary={a.title} secondary={a.text} slotProps={{ secondary: { noWrap: true } }} />
            </ListItemButton>
          ))
        }
      </BellPopover>
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
