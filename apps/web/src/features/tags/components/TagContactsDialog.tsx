import type { TagRowDto } from '@atendo/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useTagContacts, useUnlinkContact } from '../../../shared/data/tags/useTags';

/** The contacts of a tag (id, name, number) with a remove action; closes itself when none remain (seed 002 §4). */
export function TagContactsDialog({ tag, onClose }: { tag: TagRowDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useTagContacts(tag?.id ?? null);
  const unlink = useUnlinkContact();
  const rows = list.data?.pages.flatMap((p) => p.contacts) ?? [];
  const count = list.data?.pages[0]?.count;

  useEffect(() => {
    if (tag && count === 0 && !list.isFetching) onClose();
  }, [tag, count, list.isFetching, onClose]);

  return (
    <Dialog open={Boolean(tag)} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('tags.contactsOf', { name: tag?.name ?? '' })}</DialogTitle>
      <DialogContent
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight < 100 && list.hasNextPage && !list.isFetchingNextPage)
            void list.fetchNextPage();
        }}
      >
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>ID</TableCell>
              <TableCell>{t('tags.fields.contactName')}</TableCell>
              <TableCell>{t('tags.fields.contactNumber')}</TableCell>
              <TableCell align="right">{t('tags.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id} data-testid="tag-contact-row">
                <TableCell>{c.id}</TableCell>
                <TableCell>{c.name}</TableCell>
                <TableCell>{c.number}</TableCell>
                <TableCell align="right">
                  <Tooltip title={t('tags.removeContact')}>
                    <IconButton
                      aria-label={t('tags.removeContact')}
                      onClick={() => tag && unlink.mutate({ tagId: tag.id, contactId: c.id }, { onError: toastError })}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {list.isLoading || list.isFetchingNextPage ? <CircularProgress size={24} aria-label={t('common.loading')} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
