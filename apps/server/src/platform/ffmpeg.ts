import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

/** Audio formats the server writes: MP3 for WhatsApp and iOS playback, M4A (AAC in MP4) for Messenger/Instagram. */
export type AudioTarget = 'mp3' | 'm4a';

export const AUDIO_TARGET_MIME: Record<AudioTarget, string> = { mp3: 'audio/mpeg', m4a: 'audio/mp4' };

/** Seed 000 §9: voice notes at 128 kbps; AAC keeps the same rate so nothing is lost twice. */
const ARGS: Record<AudioTarget, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3'],
  m4a: ['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'ipod'],
};

/** An audio conversion that did not produce a file: ffmpeg missing, timed out, or the input is not audio it can read. */
export class AudioConversionError extends Error {
  constructor(
    message: string,
    readonly reason: 'unavailable' | 'timeout' | 'failed',
  ) {
    super(message);
    this.name = 'AudioConversionError';
  }
}

let resolved: string | null | undefined;

/**
 * The static ffmpeg of the `@ffmpeg-installer` platform package for this OS/CPU. Looked up on first use (the
 * package throws at load time on a platform it has no binary for), so a server without it starts and only
 * conversions fail.
 */
export function ffmpegPath(): string | null {
  if (resolved !== undefined) return resolved;
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    resolved = installer.path;
  } catch {
    resolved = null;
  }
  return resolved;
}

/**
 * Converts the audio of `input` into `output` (both absolute paths chosen by the caller, never from a request):
 * ffmpeg (`opts.ffmpeg`, config FFMPEG_PATH, else the packaged one) as a child process with an argument array
 * (no shell), killed after `timeoutMs`. The output is only
 * trustworthy when this resolves; the caller removes it otherwise.
 */
export function convertAudio(
  input: string,
  output: string,
  target: AudioTarget,
  opts: { timeoutMs?: number; ffmpeg?: string } = {},
) {
  const bin = opts.ffmpeg || ffmpegPath();
  if (!bin) return Promise.reject(new AudioConversionError('ffmpeg is not available on this platform', 'unavailable'));
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    // `file:` keeps a path from ever being read as another protocol or an option.
    '-i',
    `file:${input}`,
    '-vn',
    '-map_metadata',
    '-1',
    ...ARGS[target],
    `file:${output}`,
  ];
  return new Promise<void>((resolve, reject) => {
    execFile(
      bin,
      args,
      { timeout: opts.timeoutMs ?? 60_000, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024, windowsHide: true },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        const e = err as NodeJS.ErrnoException & { killed?: boolean; signal?: string };
        if (e.code === 'ENOENT' || e.code === 'EACCES')
          return reject(new AudioConversionError(`ffmpeg cannot be run (${e.code})`, 'unavailable'));
        if (e.killed || e.signal === 'SIGKILL') return reject(new AudioConversionError('ffmpeg timed out', 'timeout'));
        reject(new AudioConversionError(String(stderr).trim().split('\n').slice(-3).join(' ') || e.message, 'failed'));
      },
    );
  });
}
