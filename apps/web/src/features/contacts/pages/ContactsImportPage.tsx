import { type ContactImportMapping, type ContactUploadDto, V } from '@atendo/shared';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Checkbox, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import { useImportStatus, useStartImport, useUploadContacts } from '../../../shared/data/contacts/useContacts';
import { toast } from '../../../shared/toast';

type Field = 'name' | 'number' | 'email' | 'tags';
const FIELDS: Field[] = ['name', 'number', 'email', 'tags'];
const GUESS: Record<Field, RegExp> = {
  name: /^(nome|name|nombre|ad|isim|contato|contact)/i,
  number: /^(n[uú]mero|number|telefone|phone|tel|celular|whats|numara)/i,
  email: /^(e-?mail|correo|e-posta)/i,
  tags: /^(tags?|etiquetas?|etiket)/i,
};

/** Seed 000 §5: number and name must be mapped, a column only once, at least one row selected. */
export function mappingErrors(
  mapping: Partial<Record<Field, number | ''>>,
  columns: string[],
  selected: number,
  t: TFunction,
): string[] {
  const errors: string[] = [];
  if (mapping.number === '' || mapping.number === undefined) errors.push(t(V.importNumberColumn));
  if (mapping.name === '' || mapping.name === undefined) errors.push(t(V.importNameColumn));
  const seen = new Set<number>();
  for (const f of FIELDS) {
    const col = mapping[f];
    if (col === '' || col === undefined) continue;
    if (seen.has(col)) errors.push(t('contacts.importPage.columnTwice', { x: columns[col] }));
    seen.add(col);
  }
  if (selected === 0) errors.push(t(V.importNoRows));
  return errors;
}

/** /contacts/import: choose a file, map its columns, select rows, import with progress, read the summary. */
export default function ContactsImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const upload = useUploadContacts();
  const start = useStartImport();
  const [sheet, setSheet] = useState<ContactUploadDto | null>(null);
  const [mapping, setMapping] = useState<Record<Field, number | ''>>({ name: '', number: '', email: '', tags: '' });
  const [unselected, setUnselected] = useState<Set<number>>(new Set());
  const [tried, setTried] = useState(false);
  const [importId, setImportId] = useState<number | null>(null);
  const status = useImportStatus(importId);
  const fileRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = sheet?.rows ?? [];
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 40,
    overscan: 10,
  });

  const hiddenRows = sheet ? sheet.total - sheet.rows.length : 0;
  const selectedCount = sheet ? sheet.total - unselected.size : 0;
  const errors = useMemo(
    () => (sheet ? mappingErrors(mapping, sheet.columns, selectedCount, t) : []),
    [sheet, mapping, selectedCount, t],
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setImportId(null);
    setTried(false);
    try {
      const res = await upload.mutateAsync(file);
      setSheet(res);
      setUnselected(new Set());
      const guess: Record<Field, number | ''> = { name: '', number: '', email: '', tags: '' };
      for (const f of FIELDS) {
        const i = res.columns.findIndex((c, idx) => GUESS[f].test(c.trim()) && !Object.values(guess).includes(idx));
        if (i >= 0) guess[f] = i;
      }
      setMapping(guess);
    } catch (err) {
      toastError(err);
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const run = async () => {
    setTried(true);
    if (!sheet || errors.length) return;
    const m: ContactImportMapping = {};
    for (const f of FIELDS) if (mapping[f] !== '') m[f] = mapping[f] as number;
    const rowsSel = unselected.size
      ? Array.from({ length: sheet.total }, (_, i) => i).filter((i) => !unselected.has(i))
      : undefined;
    try {
      const res = await start.mutateAsync({ importId: sheet.importId, mapping: m, rows: rowsSel });
      setImportId(res.id);
    } catch (err) {
      toastError(err);
    }
  };

  const result = status.data;
  const finished = result && (result.status === 'done' || result.status === 'failed');
  useEffect(() => {
    if (!finished || !result) return;
    if (result.status === 'done' && result.failed === 0) toast.success(t('contacts.importPage.success'));
    else toast.warning(t('contacts.importPage.someErrors'));
  }, [finished, result, t]);

  const toggle = (i: number) =>
    setUnselected((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('contacts.importPage.title')}
        </Typography>
        <Button onClick={() => navigate('/contacts')}>{t('contacts.importPage.back')}</Button>
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={upload.isPending}>
            {t('contacts.importPage.chooseFile')}
            <input
              ref={fileRef}
              hidden
              type="file"
              accept=".xlsx,.xls,.csv,.txt"
              data-testid="import-file"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </Button>
          <Typography color="text.secondary">
            {sheet
              ? `${sheet.fileName} — ${t('contacts.importPage.rows', { count: sheet.total })}`
              : t('contacts.importPage.fileHelp')}
          </Typography>
        </Stack>
        {upload.isPending ? <LinearProgress sx={{ mt: 2 }} /> : null}
      </Paper>
      {sheet ? (
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="subtitle1">{t('contacts.importPage.mapColumns')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {FIELDS.map((f) => (
              <TextField
                key={f}
                select
                size="small"
                sx={{ minWidth: 180 }}
                label={t(`contacts.importPage.field.${f}`)}
                value={mapping[f]}
                onChange={(e) => setMapping((m) => ({ ...m, [f]: e.target.value === '' ? '' : Number(e.target.value) }))}
                slotProps={{ htmlInput: { 'data-testid': `map-${f}` } }}
              >
                <MenuItem value="">{t('contacts.importPage.none')}</MenuItem>
                {sheet.columns.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the file
                  <MenuItem key={i} value={i}>
                    {c}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
          {tried && errors.length ? (
            <Alert severity="error">
              {errors.map((e) => (
                <div key={e}>{e}</div>
              ))}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Checkbox
              checked={unselected.size === 0}
              indeterminate={unselected.size > 0 && unselected.size < sheet.total}
              onChange={() =>
                setUnselected(unselected.size === 0 ? new Set(Array.from({ length: sheet.total }, (_, i) => i)) : new Set())
              }
              slotProps={{ input: { 'aria-label': t('contacts.importPage.selectAll') } }}
            />
            <Typography>{t('contacts.importPage.selected', { count: selectedCount, total: sheet.total })}</Typography>
          </Box>
          <Box ref={scrollRef} sx={{ maxHeight: 360, overflowY: 'auto', border: 1, borderColor: 'divider' }}>
            <Box sx={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((v) => {
                const r = rows[v.index];
                return (
                  <Box
                    key={v.index}
                    data-testid="import-row"
                    sx={{
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      right: 0,
                      height: 40,
                      transform: `translateY(${v.start}px)`,
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      borderBottom: 1,
                      borderColor: 'divider',
                      px: 1,
                    }}
                  >
                    <Checkbox size="small" checked={!unselected.has(v.index)} onChange={() => toggle(v.index)} />
                    {r.map((cell, ci) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column's position
                      <Typography key={ci} noWrap sx={{ flex: 1, minWidth: 80 }} title={cell}>
                        {cell}
                      </Typography>
                    ))}
                  </Box>
                );
              })}
            </Box>
          </Box>
          {hiddenRows > 0 ? (
            <Typography color="text.secondary">{t('contacts.importPage.moreRows', { count: hiddenRows })}</Typography>
          ) : null}
          <Box>
            <Button variant="contained" onClick={run} disabled={start.isPending || Boolean(importId && !finished)}>
              {t('contacts.importPage.import')}
            </Button>
          </Box>
        </Paper>
      ) : null}
      {result ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="import-result">
          <Typography variant="subtitle1">
            {finished ? t('contacts.importPage.summary') : t('contacts.importPage.importing')}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={result.total ? Math.round((result.processed / result.total) * 100) : finished ? 100 : 0}
            sx={{ my: 1 }}
          />
          <Typography>{t('contacts.importPage.progress', { processed: result.processed, total: result.total })}</Typography>
          {finished ? (
            <Typography data-testid="import-summary">
              {t('contacts.importPage.counts', {
                created: result.created,
                updated: result.updated,
                ignored: result.ignored,
                failed: result.failed,
              })}
            </Typography>
          ) : null}
          {result.errors.length ? (
            <Box component="ul" sx={{ maxHeight: 160, overflowY: 'auto' }}>
              {result.errors.map((e) => (
                <li key={`${e.row}-${e.field}`}>
                  {t('contacts.importPage.errorRow', {
                    row: e.row,
                    field: t(`contacts.importPage.field.${e.field}`),
                    message: t(e.message),
                  })}
                </li>
              ))}
            </Box>
          ) : null}
          {finished ? <Button onClick={() => navigate('/contacts')}>{t('contacts.importPage.seeContacts')}</Button> : null}
        </Paper>
      ) : null}
    </Box>
  );
}
