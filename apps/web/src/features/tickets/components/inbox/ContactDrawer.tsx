import { Drawer } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ContactPanel, type ContactPanelProps } from '../contactPanel/ContactPanel';

/** The contact panel as a drawer from the right (narrow screens, or wherever the panel is not docked). */
export function ContactDrawer({ open, ...panel }: ContactPanelProps & { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={panel.onClose}
      slotProps={{ paper: { sx: { width: 360, maxWidth: '100vw' }, 'aria-label': t('inbox.panel.label') } }}
    >
      {open ? <ContactPanel {...panel} /> : null}
    </Drawer>
  );
}
