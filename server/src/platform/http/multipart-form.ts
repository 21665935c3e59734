import { ErrorCodes } from '@fanspace/contracts';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../errors.ts';

/** A buffered uploaded file; the media module decides what it may be. */
export interface UploadedFile {
  /** the form field it came in */
  field: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface MultipartFormOptions {
  /** field names that may carry files; any other file field is a 400 */
  fileFields: ReadonlySet<string>;
  /** text fields kept; unknown ones are dropped, as the JSON schema's removeAdditional does */
  knownFields: ReadonlySet<string>;
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
}

export interface MultipartForm {
  files: UploadedFile[];
  /** every value of each known text field, in arrival order */
  fields: Map<string, string[]>;
}

export const fieldError = (field: string, message: string) =>
  new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field });

/**
 * Reads a multipart form (SPEC §7 posts and messages) into buffered files and text fields.
 * A file past `maxFileBytes` throws the plugin's 413; empty file parts are skipped.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: MultipartFormOptions,
): Promise<MultipartForm> {
  const files: UploadedFile[] = [];
  const fields = new Map<string, string[]>();
  const parts = request.parts({
    limits: {
      fileSize: options.maxFileBytes,
      files: options.maxFiles,
      fields: options.maxFields,
      parts: options.maxFiles + options.maxFields,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (!options.fileFields.has(part.fieldname))
        throw fieldError(part.fieldname, `Unexpected file field ${part.fieldname}`);
      const bytes = await part.toBuffer();
      if (bytes.length > 0)
        files.push({
          field: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          bytes,
        });
      continue;
    }
    if (!options.knownFields.has(part.fieldname)) continue;
    const list = fields.get(part.fieldname) ?? [];
    list.push(String(part.value));
    fields.set(part.fieldname, list);
  }
  return { files, fields };
}

/**
 * Validates a converted form with the route's JSON body schema, so the multipart and JSON
 * forms obey one contract; failures become the usual 400 naming the field.
 */
export function validateFormBody<T>(request: FastifyRequest, schema: TSchema, raw: unknown): T {
  const validate = request.compileValidationSchema(schema);
  if (!validate(raw)) {
    throw Object.assign(new Error('Invalid form'), {
      validation: validate.errors ?? [],
      validationContext: 'body',
    });
  }
  return raw as T;
}

export function parseJsonField(field: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fieldError(field, `${field} must be valid JSON`);
  }
}
