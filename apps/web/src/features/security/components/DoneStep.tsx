import { Button, DialogActions, DialogContent } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The last step of a security dialog: what to keep (the recovery codes) and a Done button. */
export function DoneStep({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {t('security.done')}
        </Button>
      </DialogActions>
    </>
  );
}
