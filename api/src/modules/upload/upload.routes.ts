import type { Request, Response } from 'express';
import multer from 'multer';
import { MAX_UPLOAD_BYTES, uploadResultSchema } from '@cr/contract/upload.contract';
import { badRequest } from '@cr/core/errors/app-error';
import { defineRoute, policy } from '../../http/route';
import { storeImage, NOT_AN_IMAGE, TOO_LARGE } from './upload.service';

// One more byte than allowed, so an oversized file is detected instead of silently cut.
const parseFile = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 5 },
}).single('file');

function readMultipart(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    parseFile(req, res, (err: unknown) => {
      if (!err) return resolve();
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return reject(badRequest('upload.too_large', TOO_LARGE));
      if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT')
        return reject(badRequest('upload.field', 'Send exactly one file in the field "file".'));
      reject(badRequest('upload.malformed', 'The upload could not be read.'));
    });
  });
}

export const uploadRoutes = [
  defineRoute({
    method: 'post',
    path: '/upload/file',
    tag: 'upload',
    summary: 'Upload an image (multipart, field `file`): PNG, JPEG, GIF or WebP, at most 200 KB.',
    policy: policy.member,
    multipart: true,
    response: uploadResultSchema,
    handler: async ({ req, res, deps, user }) => {
      await readMultipart(req, res);
      if (!req.file) throw badRequest('upload.not_image', NOT_AN_IMAGE);
      return storeImage(deps.database.db, deps.storage, user!.id, req.file);
    },
  }),
];
