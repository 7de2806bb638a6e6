/** The logging the worker needs; a pino logger (the all-in-one process passes the api's) fits it as is. */
export interface WorkerLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

import { requestIdFields } from '@cr/core/infra/request-scope';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

/**
 * JSON lines on stdout for the standalone worker process (same shape as pino's: level, time, msg, fields). A line
 * written while an action's work is in hand names the request that recorded it (`reqId`).
 */
export function createJsonLogger(
  level: LogLevel,
  name = 'chain-worker',
  /** Where each line goes (a test keeps them to read). */
  write: (line: string) => void = (line) => process.stdout.write(line),
): WorkerLogger {
  const min = LEVELS.indexOf(level);
  const at = (lvl: 'debug' | 'info' | 'warn' | 'error') => (obj: object, msg?: string) => {
    if (LEVELS.indexOf(lvl) < min) return;
    const fields = Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { type: v.name, message: v.message } : v]),
    );
    write(
      `${JSON.stringify({ level: lvl, time: Date.now(), name, msg, ...requestIdFields(), ...fields })}\n`,
    );
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
