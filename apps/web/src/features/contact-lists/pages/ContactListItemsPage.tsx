import { type ContactListItemDto, can } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import {
  downloadSample,
  useAddTagToList,
  useCheckWhatsapp,
  useContactList,
  useContactListItems,
  useDeleteContactListItem,
  useUploadContactList,
} from '../../../shared/data/contact-lists/useContactLists';
import { useTagList } from '../../../shared/data/tags/useTags';
import { useSession } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { ContactListItemModal } from '../components/ContactListItemModal';

/** The import job's summary (contact-lists.service runImport). */
interface ImportSummary {
  fileName?: string;
  processed?: number;
  created?: number;
  updated?: number;
  failed?: number;
  /** Rows whose number an earlier row of the file had: skipped, the first row kept. */
  repeated?: number;
  errors?: { row: number; reason: string; firstRow?: number }[];
}

/** /contact-lists/:id/contacts (seed 002 §2.5): the list's contacts; import (.xls/.xlsx, confirmed), add, add by tag. */
export default function ContactListItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const contactListId = Number(useParams().contactListId);
  const list = useContactList(contactListId);
  const table = useContactListItems(contactListId);
  const remove = useDeleteContactListItem();
  const upload = useUploadContactList();
  const addTag = useAddTagToList();
  const checkWhatsapp = useCheckWhatsapp();
  const tags = useTagList({ kanban: false });
  const fileRef = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<{ record: ContactListItemDto | null } | null>(null);
  const [deleting, setDeleting] = useState<ContactListItemDto | null>(null);
  const [importing, setImporting] = useState(false);
  const [byTag, setByTag] = useState<number | ''>('');
  const [tagOpen, setTagOpen] = useState(false);
  const mayDelete = can(user, 'contacts-page:deleteContact');
  const running = list.data?.importStatus === 'queued' || list.data?.importStatus === 'running';
  const summary = list.data?.importSummary as ImportSummary | null;
  // the last import's banner can be closed; another import (or another list) shows its own again
  const bannerKey = `${list.data?.id}:${list.data?.importStatus}:${summary?.processed ?? 0}:${summary?.fileName ?? ''}`;
  const [closedBanner, setClosedBanner] = useState<string | null>(null);
  const closeBanner = closedBanner === bannerKey ? null : () => setClosedBanner(bannerKey);
  const repeatedRows = (summary?.errors ?? [])
    .filter((e) => e.reason === 'repeated' && e.firstRow)
    .map((e) => t('contactLists.importRepeatedRow', { row: e.row, firstRow: e.firstRow }))
    .join(', ');

  const validIcon = (r: ContactListItemDto) =>
    r.isWhatsappValid === true ? (
      <CheckCircleIcon color="success" aria-label={t('contactLists.items.valid')} />
    ) : r.isWhatsappValid === false ? (
      <BlockIcon color="error" aria-label={t('contactLists.items.invalid')} />
    ) : (
      <Tooltip title={t('contactLists.items.unchecked')}>
        <HelpOutlineIcon color="disabled" aria-label={t('contactLists.items.unchecked')} />
      </Tooltip>
    );

  const columns: Column<ContactListItemDto>[] = [
    { key: 'valid', header: '', align: 'center', width: 48, render: validIcon },
    { key: 'name', header: t('contactLists.items.fields.name'), render: (r) => r.name },
    { key: 'number', header: t('contactLists.items.fields.number'), render: (r) => r.number },
    { key: 'email', header: t('contactLists.items.fields.email'), render: (r) => r.email },
    {
      key: 'actions',
      header: t('contactLists.actions'),
      align: 'right',
      render: (r) => (
        <>
          <Tooltip title={t('contactLists.items.edit')}>
            <IconButton aria-label={t('contactLists.items.edit')} onClick={() => setEditing({ record: r })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          {mayDelete ? (
            <Tooltip title={t('contactLists.items.delete')}>
              <IconButton aria-label={t('contactLists.items.delete')} onClick={() => setDeleting(r)}>
                <DeleteOutlinedIcon />
              </IconButton>
            </Tooltip>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <>
      {running ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('contactLists.importRunning', { processed: summary?.processed ?? 0 })}
        </Alert>
      ) : !closeBanner ? null : list.data?.importStatus === 'done' && summary ? (
        <Alert
          severity={summary.failed || summary.repeated ? 'warning' : 'success'}
          sx={{ mb: 1 }}
          onClose={closeBanner}
          data-testid="import-summary"
        >
          {t('contactLists.importDone', {
            created: summary.created ?? 0,
            updated: summary.updated ?? 0,
            failed: summary.failed ?? 0,
          })}
          {summary.repeated ? ` ${t('contactLists.importRepeated', { count: summary.repeated, rows: repeatedRows })}` : ''}
        </Alert>
      ) : list.data?.importStatus === 'failed' ? (
        <Alert severity="error" sx={{ mb: 1 }} onClose={closeBanner}>
          {t('contactLists.importFailed')}
        </Alert>
      ) : null}
      <SearchableInfiniteTable
        title={list.data?.name ?? t('contactLists.items.title')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('contactLists.items.empty')}
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/contact-lists')}>
              {t('contactLists.items.back')}
            </Button>
            <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} disabled={running}>
              {t('contactLists.items.import')}
            </Button>
            <Button startIcon={<LocalOfferIcon />} onClick={() => setTagOpen(true)}>
              {t('contactLists.items.addByTag')}
            </Button>
            <Tooltip title={t('contactLists.items.checkHint')}>
              <span>
                <Button
                  startIcon={<WhatsAppIcon />}
                  disabled={checkWhatsapp.isPending}
                  onClick={() =>
                    checkWhatsapp.mutate(contactListId, {
                      onSuccess: (r) =>
                        r.queued
                          ? toast.success(t('contactLists.items.checkQueued'))
                          : toast.info(t('contactLists.items.checkUnavailable')),
                      onError: toastError,
                    })
                  }
                >
                  {t('contactLists.items.check')}
                </Button>
              </span>
            </Tooltip>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
              {t('contactLists.items.add')}
            </Button>
          </Stack>
        }
      />
      <input
        ref={fileRef}
        hidden
        type="file"
        accept=".xls,.xlsx"
        data-testid="contact-list-file"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (!/\.xlsx?$/i.test(file.name)) {
            toast.error(t('contactLists.onlySpreadsheets'));
            return;
          }
          try {
            await upload.mutateAsync({ id: contactListId, file });
            toast.success(t('contactLists.importQueued'));
          } catch (err) {
            toastError(err);
          }
        }}
      />
      <ConfirmationDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t('contactLists.importTitle')}
        onConfirm={() => fileRef.current?.click()}
      >
        {t('contactLists.importMessage')}{' '}
        <Link component="button" type="button" onClick={() => downloadSample().catch(toastError)}>
          {t('contactLists.sample')}
        </Link>
      </ConfirmationDialog>
      <ContactListItemModal
        open={Boolean(editing)}
        contactListId={contactListId}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
      />
      <Dialog open={tagOpen} onClose={() => setTagOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('contactLists.items.addByTag')}</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            sx={{ mt: 1 }}
            label={t('contactLists.items.tag')}
            value={byTag}
            onChange={(e) => setByTag(Number(e.target.value))}
          >
            {(tags.data ?? []).map((tag) => (
              <MenuItem key={tag.id} value={tag.id}>
                {tag.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTagOpen(false)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!byTag}
            onClick={async () => {
              try {
                const r = await addTag.mutateAsync({ id: contactListId, tagId: Number(byTag) });
                toast.success(t('contactLists.items.addedByTag', { count: r.added }));
                setTagOpen(false);
              } catch (err) {
                toastError(err);
              }
            }}
          >
            {t('contactLists.items.addContacts')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('contactLists.items.deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('contactLists.items.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('contactLists.deleteMessage')}
      </ConfirmationDialog>
    </>
  );
}
