import VolumeOff from '@mui/icons-material/VolumeOff';
import VolumeUp from '@mui/icons-material/VolumeUp';
import { Box, IconButton, Popover, Slider, Tooltip } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getVolume, STORAGE_KEYS, setItem, useStorageItem } from '../../shared/storage';

/** Notification volume 0 to 1, step 0.1, kept in the browser (seed 000 §2). */
export function VolumeControl() {
  const { t } = useTranslation();
  useStorageItem(STORAGE_KEYS.volume);
  const volume = getVolume();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  return (
    <>
      <Tooltip title={t('topbar.volume')}>
        <IconButton
          color="inherit"
          aria-label={t('topbar.volume')}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {volume === 0 ? <VolumeOff /> : <VolumeUp />}
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Box sx={{ px: 3, py: 2, width: 220 }}>
          <Slider
            value={volume}
            min={0}
            max={1}
            step={0.1}
            marks
            valueLabelDisplay="auto"
            aria-label={t('topbar.volume')}
            onChange={(_, value) => setItem(STORAGE_KEYS.volume, String(Array.isArray(value) ? value[0] : value))}
          />
        </Box>
      </Popover>
    </>
  );
}
