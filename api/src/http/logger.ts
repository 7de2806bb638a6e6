import pino from 'pino';

/** Structured JSON logs; credentials never reach them (redacted by path). */
export function createLogger(level: string, name = 'api') {
  return pino({
    name,
    level,
    redact: {
      paths: [
        'req.headers["api-token"]',
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.passwordConfirm',
        '*.token',
        '*.secret',
        '*.mnemonic',
      ],
      censor: '[redacted]',
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
