import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DataToolsLimits, ErrorCodes } from '@fanspace/contracts';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import { PayloadTooLargeError } from '../../platform/storage/images.ts';

/** POST /data/import's multipart body: the file streamed to a temp file, and its type. */
export interface ImportUpload {
  type: string | null;
  filename: string;
  file: string;
  size: number;
}

const tooLarge = () =>
  new PayloadTooLargeError(
    `The import file is larger than ${DataToolsLimits.importMaxBytes / 1024 / 1024} MB`,
  );

/**
 * Streams the `file` part to DATA_DIR/tmp (never held in memory) with the size limit, and
 * reads the `type` field whichever order they come in. The caller removes the temp file.
 */
export async function readImportUpload(
  request: FastifyRequest,
  dataDir: string,
): Promise<ImportUpload> {
  if (!request.isMultipart())
    throw new AppError(
      415,
      ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
      'Send the import as multipart/form-data with the file in "file" and its "type"',
    );
  const tmpDir = path.join(dataDir, 'tmp');
  await fsp.mkdir(tmpDir, { recursive: true });
  let upload: ImportUpload | null = null;
  let type: string | null = null;
  const parts = request.parts({
    limits: { fileSize: DataToolsLimits.importMaxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'type' && typeof part.value === 'string') type = part.value.trim();
        continue;
      }
      if (part.fieldname !== 'file' || upload) {
        part.file.resume();
        throw new BadRequestError(
          `Unexpected file field ${part.fieldname}`,
          ErrorCodes.VALIDATION_FAILED,
          { field: part.fieldname },
        );
      }
      const file = path.join(tmpDir, `import-${randomBytes(8).toString('hex')}`);
      upload = { type: null, filename: part.filename || 'import', file, size: 0 };
      try {
        await pipeline(part.file, fs.createWriteStream(file, { mode: 0o600 }));
      } catch (error) {
        if (part.file.truncated) throw tooLarge();
        throw error;
      }
      if (part.file.truncated) throw tooLarge();
      upload.size = (await fsp.stat(file)).size;
    }
  } catch (error) {
    if (upload) await fsp.rm(upload.file, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (!upload || upload.size === 0) {
    if (upload) await fsp.rm(upload.file, { force: true });
    throw new BadRequestError('No file was sent in "file"', ErrorCodes.VALIDATION_FAILED, {
      field: 'file',
    });
  }
  return { ...upload, type };
}
