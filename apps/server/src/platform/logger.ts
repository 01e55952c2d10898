import pino, { type BaseLogger, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

/** A logger as the domain takes it (the app's, a job's): pino's levels, no web framework type. */
export type Log = Pick<BaseLogger, 'level' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'>;

export interface LoggerOptions {
  level: string;
  /** Human-readable lines (time, level, message, fields) instead of JSON: for a person at a terminal. */
  pretty: boolean;
}

/**
 * The process logger. At a terminal (`npm start` in a shell) lines are printed for a person to read;
 * anywhere else (a service manager, a log collector, a pipe) they stay JSON, one object a line.
 * The pretty stream runs in this thread (no transport worker), so a crash's last line is not lost.
 */
export function createLogger(opts: LoggerOptions, destination?: DestinationStream): Logger {
  if (!opts.pretty) return destination ? pino({ level: opts.level }, destination) : pino({ level: opts.level });
  const stream = pretty({
    colorize: destination === undefined && pretty.isColorSupported,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    ...(destination ? { destination } : {}),
  });
  return pino({ level: opts.level }, stream);
}
