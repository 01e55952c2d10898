import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { INBOX_SHORTCUTS } from '../hooks/useInboxShortcuts';

/** The sheet `?` opens: every key of the inbox and what it does. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('shortcuts.title')}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-labelledby={titleId}>
          <TableBody>
            {INBOX_SHORTCUTS.map((s) => (
              <TableRow key={`${s.action}-${s.keys[0]}`}>
                <TableCell sx={{ width: 72, border: 0, py: 0.75 }}>
                  {s.keys.map((k) => (
                    <Box
                      key={k}
                      component="kbd"
                      sx={{
                        display: 'inline-block',
                        minWidth: 24,
                        px: 0.75,
                        py: 0.25,
                        border: 1,
                        borderColor: 'divider',
                        borderBottomWidth: 2,
                        borderRadius: 1,
                        fontFamily: 'inherit',
                        fontSize: 13,
                        textAlign: 'center',
                        bgcolor: 'action.hover',
                      }}
                    >
                      {k}
                    </Box>
                  ))}
                </TableCell>
                <TableCell sx={{ border: 0, py: 0.75 }}>{t(`shortcuts.${s.action}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
