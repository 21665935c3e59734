import { ErrorCodes, UPLOAD_MAX_BYTES } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import { PayloadTooLargeError } from '../../platform/storage/images.ts';
import type { IngestInput } from './media.pipeline.ts';

/** Multipart bodies of the upload routes: files buffered one by one, a few text fields. */
export interface UploadForm {
  files: IngestInput[];
  title?: string;
  /** undefined: not sent; null: the root */
  folderId?: string | null;
}

/** A bulk upload holds every file in memory before the pipeline runs: bound the sum. */
const BULK_MAX_TOTAL_BYTES = 500 * 1024 * 1024;

function folderField(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'null' || trimmed === 'root' ? null : trimmed;
}

export async function readUploadForm(
  request: FastifyRequest,
  options: { fileFields: string[]; maxFiles: number },
): Promise<UploadForm> {
  if (!request.isMultipart())
    throw new AppError(
      415,
      ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
      `Send the upload as multipart/form-data with the file in "${options.fileFields[0]}"`,
    );
  const form: UploadForm = { files: [] };
  let total = 0;
  const parts = request.parts({
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: options.maxFiles,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: options.maxFiles + 20,
    },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value : '';
      if (part.fieldname === 'title') form.title = value;
      else if (part.fieldname === 'folderId') form.folderId = folderField(value);
      continue;
    }
    if (!options.fileFields.includes(part.fieldname)) {
      // drain it, or the request never finishes
      part.file.resume();
      throw new BadRequestError(
        `Unexpected file field ${part.fieldname}`,
        ErrorCodes.VALIDATION_FAILED,
        {
          field: part.fieldname,
        },
      );
    }
    // throws a 413 (RequestFileTooLargeError) past the per-file limit
    const bytes = await part.toBuffer();
    total += bytes.length;
    if (total > BULK_MAX_TOTAL_BYTES)
      throw new PayloadTooLargeError(
        `One request can carry at most ${BULK_MAX_TOTAL_BYTES / 1048576} MB; send fewer files at once`,
      );
    form.files.push({ filename: part.filename || 'upload', mimetype: part.mimetype, bytes });
  }
  if (form.files.length === 0)
    throw new BadRequestError(
      `No file was sent in "${options.fileFields[0]}"`,
      ErrorCodes.VALIDATION_FAILED,
      {
        field: options.fileFields[0],
      },
    );
  return form;
}
