import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_DOWNLOAD_LIMIT_MB } from '@atendo/shared';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors';
import { AUDIO_TARGET_MIME, AudioConversionError, type AudioTarget, convertAudio } from './ffmpeg';

const MB = 1024 * 1024;

/** What a stored file is, decided from its first bytes (never from its name). */
export interface SniffedType {
  mime: string;
  ext: string;
}

type Category = 'image' | 'audio' | 'video' | 'document' | 'other';

/** Every extension we ever store, with the type we serve it as; anything else is served as an opaque download. */
export const EXT_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  webm: 'video/webm',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};
/** Extensions never kept even as opaque downloads: a browser could run them from our origin. */
const DANGEROUS_EXT = new Set(['html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'xsl', 'js', 'mjs', 'cjs', 'php']);

/** Bytes read from the start of a file to decide its type (file-type's `reasonableDetectionSizeInBytes`). */
export const HEAD_BYTES = 4100;

/**
 * What file-type finds, in the types we store and serve (EXT_MIME): Ogg Opus/Vorbis are `ogg`, MPEG-1/2 layer audio
 * is `mp3`, m4b `m4a`, m4v `mp4`. Anything else it knows (zip, docx, mkv, heic, exe …) is not one of ours: null,
 * and the caller keeps it as an opaque download or refuses it.
 */
const SNIFFED_AS: Record<string, string> = {
  jpg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  ico: 'ico',
  wav: 'wav',
  pdf: 'pdf',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  mp3: 'mp3',
  mp2: 'mp3',
  mp1: 'mp3',
  aac: 'aac',
  m4a: 'm4a',
  m4b: 'm4a',
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
  '3gp': '3gp',
  webm: 'webm',
};

/** The type of a file from its first bytes (file-type), among the formats users and channels exchange. Null when unknown. */
export async function sniff(head: Uint8Array): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(head);
  const ext = found ? SNIFFED_AS[found.ext] : undefined;
  return ext ? { mime: EXT_MIME[ext], ext } : null;
}

const categoryOf = (mime: string): Category => {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  if (mime === 'application/pdf') return 'document';
  return 'other';
};

export interface MediaKind {
  /** Default size limit; general media takes the downloadLimit global setting instead. */
  maxBytes: number;
  /** Sniffed types accepted; undefined = any (unknown content is kept as an opaque download). */
  accept?: readonly string[];
}

const IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Folders under `<mediaDir>/<companyId>/`. Add a kind here rather than writing files elsewhere. */
export const MEDIA_KINDS = {
  avatar: { maxBytes: 5 * MB, accept: IMAGES },
  logo: { maxBytes: 2 * MB, accept: [...IMAGES, 'image/x-icon'] },
  media: { maxBytes: DEFAULT_DOWNLOAD_LIMIT_MB * MB },
  file: { maxBytes: DEFAULT_DOWNLOAD_LIMIT_MB * MB },
  /** Platform announcements' images (seed 002 §5: png, jpg, jpeg). */
  announcement: { maxBytes: 5 * MB, accept: ['image/jpeg', 'image/png'] },
} satisfies Record<string, MediaKind>;
export type MediaKindName = keyof typeof MEDIA_KINDS;
export const MEDIA_KIND_NAMES = Object.keys(MEDIA_KINDS) as MediaKindName[];

/** A stored file: `path` is what a row keeps (`<companyId>/<kind>/<random>.<ext>`), never a URL. */
export interface StoredMedia {
  path: string;
  mime: string;
  size: number;
}

export interface IncomingFile {
  /** The declared type (multipart part or channel metadata). */
  mimetype?: string;
  /** The client's file name: only its extension is looked at, and only for unknown content. */
  filename?: string;
}

const STORED_RE = /^(\d{1,10})\/([a-z]{1,20})\/([A-Za-z0-9_-]{16,64})\.([a-z0-9]{1,8})$/;

/** Parses a stored path strictly; the parts are then rebuilt, so nothing from outside is joined to a folder as given. */
export function parseStoredPath(stored: string): { companyId: number; kind: MediaKindName; name: string; ext: string } | null {
  const m = STORED_RE.exec(stored);
  if (!m) return null;
  const companyId = Number(m[1]);
  if (!Number.isSafeInteger(companyId) || companyId <= 0) return null;
  if (!(MEDIA_KIND_NAMES as string[]).includes(m[2])) return null;
  return { companyId, kind: m[2] as MediaKindName, name: m[3], ext: m[4] };
}

/** Where the MP3 variant of a stored `.ogg` lives: the same name, `.mp3`. */
export function variantPath(stored: string): string {
  return stored.replace(/\.ogg$/, '.mp3');
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** ffmpeg's failures as the API's one code; anything already an AppError passes through. */
function conversionError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof AudioConversionError) return new AppError('ERR_AUDIO_CONVERSION', 422, { reason: err.reason });
  return new AppError('ERR_AUDIO_CONVERSION', 422, { reason: 'failed' });
}

function extFromName(filename: string | undefined): string {
  const ext = path
    .extname(filename ?? '')
    .slice(1)
    .toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(ext) && !DANGEROUS_EXT.has(ext) ? ext : 'bin';
}

function isUtf8Text(head: Buffer) {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/** Decides the stored type, or refuses: declared and sniffed types must agree with the kind and with each other. */
export async function decideType(kindName: MediaKindName, head: Buffer, file: IncomingFile): Promise<SniffedType> {
  const kind: MediaKind = MEDIA_KINDS[kindName];
  const declared = (file.mimetype ?? 'application/octet-stream').toLowerCase().split(';')[0].trim();
  const sniffed = await sniff(head);
  if (kind.accept) {
    if (!sniffed || !kind.accept.includes(sniffed.mime)) throw new AppError('ERR_INVALID_FILE_TYPE', 400);
    const declaredCategory = categoryOf(declared);
    if (declared !== 'application/octet-stream' && declaredCategory !== categoryOf(sniffed.mime)) {
      throw new AppError('ERR_INVALID_FILE_TYPE', 400);
    }
    return sniffed;
  }
  if (sniffed) {
    const dc = categoryOf(declared);
    // A file announced as a picture, a sound or a video must be one (of any such type).
    if ((dc === 'image' || dc === 'audio' || dc === 'video') && dc !== categoryOf(sniffed.mime)) {
      if (
        !(dc === 'video' && categoryOf(sniffed.mime) === 'audio') &&
        !(dc === 'audio' && categoryOf(sniffed.mime) === 'video')
      ) {
        throw new AppError('ERR_INVALID_FILE_TYPE', 400);
      }
    }
    return sniffed;
  }
  const dc = categoryOf(declared);
  if (dc === 'image' || dc === 'audio' || dc === 'video' || dc === 'document') throw new AppError('ERR_INVALID_FILE_TYPE', 400);
  if ((declared === 'text/plain' || declared === 'text/csv') && isUtf8Text(head)) {
    return declared === 'text/csv' ? { mime: 'text/csv', ext: 'csv' } : { mime: 'text/plain', ext: 'txt' };
  }
  const ext = extFromName(file.filename);
  return { mime: 'application/octet-stream', ext: ext === 'txt' || ext === 'csv' ? 'bin' : ext };
}

export interface MediaStorageOptions {
  dir: string;
  /** Base URL of the API (signed URLs are absolute). */
  baseUrl: string;
  /** Signing key material (the JWT secret; a media key is derived from it). */
  secret: string;
  /** Signed URLs live between ttl and ttl + bucket; URLs are stable within a bucket so browsers can cache them. */
  ttlSeconds?: number;
  bucketSeconds?: number;
  /** A system ffmpeg (config FFMPEG_PATH); default the static build of `@ffmpeg-installer`. */
  ffmpegPath?: string;
}

/** A company's stored media changed by `bytes` and `files` (negative when removed). */
export type MediaChangeListener = (companyId: number, bytes: number, files: number) => Promise<void> | void;

/** Files under `<dir>/<companyId>/<kind>/<random>.<ext>`, served through short-lived signed URLs. */
export class MediaStorage {
  readonly dir: string;
  private key: Buffer;
  private ttl: number;
  private bucket: number;
  private changeListeners: MediaChangeListener[] = [];
  /** Variants being made now, so two plays of one voice note convert it once. */
  private making = new Map<string, Promise<string>>();

  constructor(private opts: MediaStorageOptions) {
    this.dir = path.resolve(opts.dir);
    this.key = createHmac('sha256', opts.secret).update('atendo-media-url-v1').digest();
    this.ttl = opts.ttlSeconds ?? 2 * 3600;
    this.bucket = opts.bucketSeconds ?? 3600;
  }

  /** Absolute path of a stored file, rebuilt from its validated parts. Null for anything malformed. */
  resolve(stored: string): string | null {
    const p = parseStoredPath(stored);
    if (!p) return null;
    return path.join(this.dir, String(p.companyId), p.kind, `${p.name}.${p.ext}`);
  }

  /**
   * A stored file as the outbound service sends it: its type from its (sniffed) extension, its size from the disk.
   * Null when the path is malformed or the file is gone.
   */
  async fileOf(stored: string, filename?: string): Promise<(StoredMedia & { filename: string }) | null> {
    const parsed = parseStoredPath(stored);
    const abs = this.resolve(stored);
    const info = abs ? await stat(abs).catch(() => null) : null;
    if (!parsed || !info) return null;
    const mime = EXT_MIME[parsed.ext] ?? 'application/octet-stream';
    return { path: stored, mime, size: info.size, filename: filename || `file.${parsed.ext}` };
  }

  /** Streams an upload to disk, checking its size as it goes and its type by its first bytes. */
  async save(
    companyId: number,
    kindName: MediaKindName,
    source: Readable,
    file: IncomingFile,
    opts: { maxBytes?: number } = {},
  ): Promise<StoredMedia> {
    if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error('invalid companyId');
    const maxBytes = opts.maxBytes ?? MEDIA_KINDS[kindName].maxBytes;
    const folder = path.join(this.dir, String(companyId), kindName);
    await mkdir(folder, { recursive: true });
    const name = randomBytes(16).toString('base64url');
    const tmp = path.join(folder, `.${name}.part`);
    const chunks: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (size > maxBytes) return cb(new AppError('ERR_FILE_TOO_LARGE', 413, { maxBytes }));
        if (headLength < HEAD_BYTES) {
          chunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
          headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
        }
        cb(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(tmp, { mode: 0o640 }));
      if ((source as Readable & { truncated?: boolean }).truncated) throw new AppError('ERR_FILE_TOO_LARGE', 413, { maxBytes });
      if (size === 0) throw new AppError('ERR_INVALID_FILE_TYPE', 400);
      const type = await decideType(kindName, Buffer.concat(chunks), file);
      const stored = `${companyId}/${kindName}/${name}.${type.ext}`;
      await rename(tmp, path.join(folder, `${name}.${type.ext}`));
      this.changed(companyId, size, 1);
      return { path: stored, mime: type.mime, size };
    } catch (err) {
      await rm(tmp, { force: true });
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_FILE_TOO_LARGE', 413, { maxBytes });
      throw err;
    }
  }

  /** Stores bytes already in memory (media a channel downloaded). */
  saveBuffer(companyId: number, kindName: MediaKindName, data: Buffer, file: IncomingFile, opts: { maxBytes?: number } = {}) {
    return this.save(companyId, kindName, Readable.from([data]), file, opts);
  }

  async remove(stored: string | null | undefined) {
    const abs = stored ? this.resolve(stored) : null;
    if (!abs) return;
    const info = await stat(abs).catch(() => null);
    const removed = await unlink(abs).then(
      () => true,
      () => false,
    );
    const parsed = parseStoredPath(stored as string);
    if (removed && info && parsed) this.changed(parsed.companyId, -info.size, -1);
    // The MP3 made for iOS playback goes with its ogg (it was counted when made).
    const variant = parsed?.ext === 'ogg' ? this.resolve(variantPath(stored as string)) : null;
    const variantInfo = variant ? await stat(variant).catch(() => null) : null;
    if (
      variant &&
      variantInfo &&
      parsed &&
      (await unlink(variant).then(
        () => true,
        () => false,
      ))
    ) {
      this.changed(parsed.companyId, -variantInfo.size, -1);
    }
  }

  /**
   * Converts a stored audio into a new stored file of the same company and kind (`target`), and removes the
   * original. The work file is a dot-named `.part` beside it, under the media folder (never served, never a public
   * folder), removed whatever happens. Refuses with ERR_AUDIO_CONVERSION when ffmpeg cannot make it.
   */
  async convertAudio(stored: StoredMedia, target: AudioTarget, opts: { timeoutMs?: number } = {}): Promise<StoredMedia> {
    const parsed = parseStoredPath(stored.path);
    const abs = this.resolve(stored.path);
    if (!parsed || !abs) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
    const folder = path.dirname(abs);
    const name = randomBytes(16).toString('base64url');
    const tmp = path.join(folder, `.${name}.part`);
    try {
      await convertAudio(abs, tmp, target, { ...opts, ffmpeg: this.opts.ffmpegPath });
      const info = await stat(tmp);
      const head = await readHead(tmp);
      if ((await sniff(head))?.mime !== AUDIO_TARGET_MIME[target]) throw new AudioConversionError('unexpected output', 'failed');
      await rename(tmp, path.join(folder, `${name}.${target}`));
      this.changed(parsed.companyId, info.size, 1);
      await this.remove(stored.path);
      return { path: `${parsed.companyId}/${parsed.kind}/${name}.${target}`, mime: AUDIO_TARGET_MIME[target], size: info.size };
    } catch (err) {
      throw conversionError(err);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /**
   * The MP3 of a stored ogg (iOS Safari plays no Ogg/Opus, seed 000 §9), made once and kept beside it as
   * `<name>.mp3`; answers its absolute path. Concurrent callers share one conversion.
   */
  async mp3Variant(stored: string, opts: { timeoutMs?: number } = {}): Promise<string> {
    const parsed = parseStoredPath(stored);
    const source = this.resolve(stored);
    const target = this.resolve(variantPath(stored));
    if (parsed?.ext !== 'ogg' || !source || !target) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
    if ((await stat(target).catch(() => null))?.isFile()) return target;
    const pending = this.making.get(target);
    if (pending) return pending;
    const job = (async () => {
      const tmp = path.join(path.dirname(target), `.${parsed.name}.${randomBytes(6).toString('base64url')}.part`);
      try {
        await convertAudio(source, tmp, 'mp3', { ...opts, ffmpeg: this.opts.ffmpegPath });
        if ((await sniff(await readHead(tmp)))?.mime !== 'audio/mpeg')
          throw new AudioConversionError('unexpected output', 'failed');
        const info = await stat(tmp);
        await rename(tmp, target);
        this.changed(parsed.companyId, info.size, 1);
        return target;
      } catch (err) {
        throw conversionError(err);
      } finally {
        await rm(tmp, { force: true });
        this.making.delete(target);
      }
    })();
    this.making.set(target, job);
    return job;
  }

  /** Every file of a company (its folder), when the company itself is deleted. */
  async removeCompany(companyId: number) {
    if (!Number.isSafeInteger(companyId) || companyId <= 0) return;
    await rm(path.join(this.dir, String(companyId)), { recursive: true, force: true });
  }

  /** The stored paths of every file the company holds (a company's whole export), kind by kind. */
  async *listCompany(companyId: number): AsyncGenerator<string> {
    if (!Number.isSafeInteger(companyId) || companyId <= 0) return;
    for (const kind of MEDIA_KIND_NAMES) {
      const names = await readdir(path.join(this.dir, String(companyId), kind)).catch(() => [] as string[]);
      for (const name of names.sort()) {
        const stored = `${companyId}/${kind}/${name}`;
        // work files (dot-named) and anything that is not a stored name are skipped
        if (parseStoredPath(stored)) yield stored;
      }
    }
  }

  /** Called after every stored or removed file with the company, the bytes and the files it changed by. */
  onChange(listener: MediaChangeListener) {
    this.changeListeners.push(listener);
  }

  private changed(companyId: number, bytes: number, files: number) {
    for (const listener of this.changeListeners) {
      Promise.resolve()
        .then(() => listener(companyId, bytes, files))
        .catch(() => undefined);
    }
  }

  private sign(stored: string, exp: number) {
    return createHmac('sha256', this.key).update(`${stored}\n${exp}`).digest('base64url');
  }

  /** The URL a browser loads (e.g. in <img src>): signed, expiring, stable within the current bucket. */
  url(stored: string, now = Date.now()): string {
    if (/^https?:\/\//i.test(stored)) return stored; // kept as given (e.g. a channel's public picture URL)
    const exp = Math.ceil((now / 1000 + this.ttl) / this.bucket) * this.bucket;
    return `${this.opts.baseUrl}/media/${stored}?exp=${exp}&sig=${this.sign(stored, exp)}`;
  }

  verify(stored: string, exp: number, sig: string, now = Date.now()): boolean {
    if (!Number.isSafeInteger(exp) || exp * 1000 <= now) return false;
    const expected = Buffer.from(this.sign(stored, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
