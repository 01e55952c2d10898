import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/toast';

/** Seed 000 §2: up to ten files go in one send. */
export const MAX_FILES = 10;

export interface PendingFile {
  key: string;
  file: File;
  caption: string;
  /** Object URL of an image, for its thumbnail. */
  preview: string | null;
}

let fileSeq = 0;
export const toPending = (file: File, caption = ''): PendingFile => ({
  key: `${++fileSeq}`,
  file,
  caption,
  preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
});

/**
 * The files waiting in the composer, each with its caption. Object URLs of the previews are released when their files
 * leave the composer (removed, sent, unmounted).
 */
export function useComposerFiles() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingFile[]>([]);
  const shown = useRef<PendingFile[]>([]);
  useEffect(() => {
    for (const f of shown.current) if (f.preview && !pending.some((p) => p.preview === f.preview)) URL.revokeObjectURL(f.preview);
    shown.current = pending;
  }, [pending]);
  useEffect(
    () => () => {
      for (const f of shown.current) if (f.preview) URL.revokeObjectURL(f.preview);
    },
    [],
  );

  const addFiles = (list: FileList | null) => {
    if (!list?.length) return;
    const next = [...pending, ...Array.from(list).map((f) => toPending(f))];
    if (next.length > MAX_FILES) toast.error(t('tickets.composer.tooManyFiles'));
    setPending(next.slice(0, MAX_FILES));
  };
  /** Adds one file with its caption (a quick message's attachment), within the limit. */
  const attach = (file: File, caption: string) => setPending((now) => [...now, toPending(file, caption)].slice(0, MAX_FILES));
  /** Takes the files out for a send; `restore` puts them back when it fails. */
  const take = () => {
    const files = pending.map((f) => ({ file: f.file, caption: f.caption.trim() }));
    setPending([]);
    return files;
  };
  const restore = (files: { file: File; caption: string }[]) => setPending(files.map((f) => toPending(f.file, f.caption)));
  const remove = (key: string) => setPending((now) => now.filter((f) => f.key !== key));
  const setCaption = (key: string, caption: string) =>
    setPending((now) => now.map((f) => (f.key === key ? { ...f, caption } : f)));

  return { pending, addFiles, attach, take, restore, remove, setCaption };
}
