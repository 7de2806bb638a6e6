import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Db } from '@cr/core/db/db-client';
import { MAX_UPLOAD_BYTES, type UploadResult } from '@cr/contract/upload.contract';
import { badRequest } from '@cr/core/errors/app-error';
import type { FileStorage } from './file-storage';
import { extensionFor, sniffImageType } from './image-sniff';
import * as repo from './upload.repo';

export const NOT_AN_IMAGE = 'The upload file is not an image.';
export const TOO_LARGE = 'The maximum upload image size is less than 200 KB.';

/** Keeps a display name: the base name only, without control characters, at most 120 characters. */
export function cleanFilename(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/'));
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'image').slice(0, 120);
}

/** Stores an uploaded image after checking its real type and size; records who uploaded it. */
export async function storeImage(
  db: Db,
  storage: FileStorage,
  ownerId: string,
  file: { originalname: string; buffer: Buffer; size: number },
): Promise<UploadResult> {
  if (file.size > MAX_UPLOAD_BYTES) throw badRequest('upload.too_large', TOO_LARGE);
  const type = sniffImageType(file.buffer);
  if (!type) throw badRequest('upload.not_image', NOT_AN_IMAGE);
  const key = `${randomUUID()}.${extensionFor(type)}`;
  const filename = cleanFilename(file.originalname);
  await storage.put(key, file.buffer, type);
  await repo.insertUpload(db, { ownerId, storageKey: key, filename, contentType: type, size: file.size });
  return { url: storage.publicUrl(key), filename, type, size: file.size };
}

/**
 * True when every `/uploads/<key>` address is a file this member uploaded (through POST /api/upload/file: an
 * image of at most 200 KB, sniffed there). The one check behind every picture and attachment field.
 */
export function ownsUploads(db: Db, urls: string[], ownerId: string): Promise<boolean> {
  const keys = urls.map((u) => (u.startsWith('/uploads/') ? u.slice('/uploads/'.length) : ''));
  if (keys.some((k) => k === '')) return Promise.resolve(false);
  return repo.ownsUploadKeys(db, keys, ownerId);
}
