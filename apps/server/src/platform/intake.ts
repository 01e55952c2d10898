/**
 * The one multipart intake (docs/architecture.md "HTTP stays in routes"): every upload route reads its request here
 * — the text fields, the file fields it names, the size and count limits, the type check by the bytes
 * (media.ts `decideType`, then the route's own allow-list) — and hands the service plain values. Nothing of a refused
 * request stays on disk.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { App } from './http';
import { MEDIA_KINDS, type MediaKindName, type MediaStorage, type StoredMedia } from './media';

/** A file the intake stored: its stored path and sniffed type, and the client's name for it. */
export interface ReceivedFile extends StoredMedia {
  filename: string;
}

/** What an upload route read: its stored files, its text fields (the last of a name) and every text field in order. */
export interface Intake<F = ReceivedFile> {
  files: F[];
  fields: Record<string, string>;
  texts: [name: string, value: string][];
}

const MB = 1024 * 1024;

/** The multipart parser, with the request-wide ceilings; each upload route's own limits are set when it reads. */
export function registerIntake(app: App) {
  app.register(multipart, {
    limits: { fileSize: 2048 * MB, files: 10, fields: 50, fieldSize: 1 * MB, parts: 70, headerPairs: 100 },
  });
}

export interface PartLimits {
  /** The file field(s) kept; file parts under any other name are drained. Undefined: any name. */
  field?: string | readonly string[];
  /** Files kept (default 1); further parts under the field are drained. */
  maxFiles?: number;
  /** File parts the request may carry at all (more is refused, ERR_VALIDATION). Default 5. */
  maxParts?: number;
  /** The size limit of each file; larger answers ERR_FILE_TOO_LARGE (413) with it. */
  maxBytes: number;
  /** A missing file answers an empty list instead of ERR_VALIDATION on the field. */
  optional?: boolean;
  /** Characters kept of each text field (default 1000). */
  textMax?: number;
}

/** The one loop over a request's parts: `keep` takes each kept file, `discard` undoes them when the request fails. */
async function readParts<F>(
  req: FastifyRequest,
  limits: PartLimits,
  keep: (part: MultipartFile) => Promise<F>,
  discard: (kept: F[]) => Promise<void>,
): Promise<Intake<F>> {
  if (!req.isMultipart()) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 415);
  const { maxBytes, maxFiles = 1, textMax = 1000 } = limits;
  const names = limits.field === undefined ? undefined : ([] as string[]).concat(limits.field);
  const files: F[] = [];
  const fields: Record<string, string> = {};
  const texts: [string, string][] = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes + 1, files: limits.maxParts ?? 5 } })) {
      if (part.type !== 'file') {
        if (typeof part.value !== 'string') continue;
        const value = part.value.slice(0, textMax);
        fields[part.fieldname] = value;
        texts.push([part.fieldname, value]);
        continue;
      }
      if ((names && !names.includes(part.fieldname)) || files.length >= maxFiles) {
        part.file.resume();
        continue;
      }
      files.push(await keep(part));
    }
  } catch (err) {
    await discard(files).catch(() => {});
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_FILE_TOO_LARGE', 413, { maxBytes });
    if (typeof code === 'string' && code.startsWith('FST_')) throw new AppError('ERR_VALIDATION', 400);
    throw err;
  }
  if (!files.length && !limits.optional) {
    const field = names?.[0] ?? 'file';
    throw new AppError('ERR_VALIDATION', 400, { field }, [{ path: field, message: 'validation.required' }]);
  }
  return { files, fields, texts };
}

export interface ReceiveOptions extends Omit<PartLimits, 'maxBytes'> {
  companyId: number;
  /** The media folder the files go to; its rule (media.ts MEDIA_KINDS) decides the types it takes. */
  kind: MediaKindName;
  /** Default: the kind's own limit. */
  maxBytes?: number;
  /**
   * The route's allow-list of sniffed types, beyond the kind's rule: a file of another type is removed and refused
   * (ERR_INVALID_FILE_TYPE with `{ accepted }` for a list, `{ mime }` for a pattern).
   */
  accept?: readonly string[] | RegExp;
}

/** Reads a multipart request into media storage: its files (checked by their bytes and sizes) and its text fields. */
export async function receiveFiles(req: FastifyRequest, media: MediaStorage, opts: ReceiveOptions): Promise<Intake> {
  const maxBytes = opts.maxBytes ?? MEDIA_KINDS[opts.kind].maxBytes;
  const removeAll = async (files: ReceivedFile[]) => {
    for (const f of files) await media.remove(f.path);
  };
  const got = await readParts(
    req,
    { ...opts, maxBytes },
    async (part) => ({
      ...(await media.save(opts.companyId, opts.kind, part.file, part, { maxBytes })),
      filename: part.filename || 'file',
    }),
    removeAll,
  );
  const refused = opts.accept && got.files.find((f) => !accepts(opts.accept!, f.mime));
  if (refused) {
    await removeAll(got.files);
    const accept = opts.accept!;
    throw new AppError('ERR_INVALID_FILE_TYPE', 400, Array.isArray(accept) ? { accepted: accept } : { mime: refused.mime });
  }
  return got;
}

const accepts = (accept: readonly string[] | RegExp, mime: string) =>
  accept instanceof RegExp ? accept.test(mime) : accept.includes(mime);

/** A message's attachments (the composer, the external API): up to 10 `medias`, none required, long captions. */
export const MEDIAS = { kind: 'media', field: 'medias', maxFiles: 10, maxParts: 10, optional: true, textMax: 65_536 } as const;

/** Reads one file field of a multipart request into storage: the file, with the text fields beside it. */
export async function receiveFile(req: FastifyRequest, media: MediaStorage, opts: ReceiveOptions) {
  const { files, fields } = await receiveFiles(req, media, { ...opts, maxFiles: 1 });
  return { ...files[0], fields };
}

/** Reads a small file into memory (never stored as media: a certificate the route writes itself). */
export async function receiveBytes(req: FastifyRequest, limits: PartLimits) {
  const got = await readParts(
    req,
    limits,
    async (part) => ({ data: await part.toBuffer(), filename: part.filename ?? '' }),
    async () => {},
  );
  if (got.files.some((f) => f.data.length > limits.maxBytes)) {
    throw new AppError('ERR_FILE_TOO_LARGE', 413, { maxBytes: limits.maxBytes });
  }
  return { ...got.files[0], fields: got.fields };
}

/** Where and how a service wants an upload stored: the route adds the field names it reads. */
export type UploadTarget = Pick<ReceiveOptions, 'companyId' | 'kind' | 'maxBytes' | 'accept' | 'maxFiles' | 'maxParts'>;

/**
 * An upload as a service takes it: read when the service asks (after its rights checks, so a refused request stores
 * nothing) into the place the service names, answered as plain values. The route builds it from its request with the
 * functions above; the service never sees the request.
 */
export type Upload<T = ReceivedFile & { fields: Record<string, string> }> = (target: UploadTarget) => Promise<T>;

/** A small file a service keeps itself (a certificate), read within the limits it names. */
export type BytesUpload = (limits: Pick<PartLimits, 'maxBytes' | 'maxParts'>) => Promise<{ data: Buffer; filename: string }>;

/** The route's side of an `Upload`: the request's file in `field`, stored where the service says. */
export const uploadOf =
  (req: FastifyRequest, media: MediaStorage, field: string): Upload =>
  (target) =>
    receiveFile(req, media, { ...target, field });

/** The route's side of an `Upload` of several files (under any of `field`). */
export const uploadsOf =
  (req: FastifyRequest, media: MediaStorage, field: string | readonly string[]): Upload<Intake> =>
  (target) =>
    receiveFiles(req, media, { ...target, field });

/** The route's side of a `BytesUpload`: the request's first file, in memory. */
export const bytesOf =
  (req: FastifyRequest): BytesUpload =>
  (limits) =>
    receiveBytes(req, limits);
