import { Drawer } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactPanel, type ContactPanelProps } from '../contactPanel/ContactPanel';

/**
 * The contact panel as a drawer from the right (narrow screens, or wherever the panel is not docked). The panel mounts
 * when the drawer opens and leaves once it has slid out, so closing shows the contact going away, not an empty sheet.
 */
export function ContactDrawer({ open, ...panel }: ContactPanelProps & { open: boolean }) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={panel.onClose}
      slotProps={{
        paper: { sx: { width: 360, maxWidth: '100vw' }, 'aria-label': t('inbox.panel.label') },
        transition: { onExited: () => setMounted(false) },
      }}
    >
      {open || mounted ? <ContactPanel {...panel} /> : null}
    </Drawer>
  );
}
