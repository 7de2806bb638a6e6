import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes live. The local disk is the default; an S3-compatible store implements the same
 * interface (put, read, public URL) without touching the routes.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  /** The URL a browser fetches the file from. */
  publicUrl(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,200}$/;

/** Files under a directory (`.data/uploads`), served by the api at `/uploads/<key>`. */
export function createDiskStorage(dir: string, urlPrefix = '/uploads'): FileStorage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(key, bytes) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(resolve(key), bytes, { flag: 'wx' });
    },
    async read(key) {
      if (!SAFE_KEY.test(key)) return null;
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    publicUrl: (key) => `${urlPrefix}/${key}`,
  };
}
