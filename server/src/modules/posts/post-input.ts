import { CreatePostBody, ErrorCodes, UPLOAD_MAX_BYTES } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../platform/errors.ts';
import type { IngestInput } from '../media/media.service.ts';

/**
 * POST /posts arrives as JSON (validated by the route schema) or as SPEC §7 multipart: the
 * file under `image` or `video` (also `media`/`file`), text fields, and accessDetails,
 * selectedMediaItems and modelReleaseIds as JSON text. The multipart form is converted to the
 * JSON shape and validated with the same schema, so both forms obey one contract.
 */

const FILE_FIELDS = new Set(['image', 'video', 'media', 'file', 'files']);
const MAX_FILES = 10;
/** Fields that may arrive as JSON text; hashtags may also be a plain list. */
const JSON_FIELDS = new Set(['accessDetails', 'selectedMediaItems', 'modelReleaseIds']);
const LIST_FIELDS = new Set(['hashtags', 'selectedMediaItems', 'modelReleaseIds']);
const KNOWN_FIELDS = new Set(Object.keys(CreatePostBody.properties));

export interface PostSubmission {
  body: CreatePostBody;
  files: IngestInput[];
}

const fieldError = (field: string, message: string) =>
  new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field });

/** JSON text for the JSON fields; for list fields also `a, b` or repeated fields. */
function fieldValue(name: string, values: string[]): unknown {
  if (LIST_FIELDS.has(name)) {
    const items: unknown[] = [];
    for (const value of values) {
      const text = value.trim();
      if (text === '') continue;
      if (text.startsWith('[')) items.push(...asArray(name, parseJson(name, text)));
      else items.push(...text.split(/[\s,]+/).filter(Boolean));
    }
    return items;
  }
  const value = values[values.length - 1] ?? '';
  if (JSON_FIELDS.has(name)) return value.trim() === '' ? undefined : parseJson(name, value);
  return value;
}

function parseJson(field: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fieldError(field, `${field} must be valid JSON`);
  }
}

function asArray(field: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw fieldError(field, `${field} must be a JSON array`);
  return value;
}

/** Reads a multipart POST /posts: buffers the files, converts and validates the fields. */
export async function readMultipartPost(request: FastifyRequest): Promise<PostSubmission> {
  const files: IngestInput[] = [];
  const fields = new Map<string, string[]>();
  const parts = request.parts({
    limits: { fileSize: UPLOAD_MAX_BYTES, files: MAX_FILES, fields: 40, parts: 60 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (!FILE_FIELDS.has(part.fieldname))
        throw fieldError(part.fieldname, `Unexpected file field ${part.fieldname}`);
      // throws a 413 past the per-file limit; type and size rules are the media module's
      const bytes = await part.toBuffer();
      if (bytes.length > 0) files.push({ filename: part.filename, mimetype: part.mimetype, bytes });
      continue;
    }
    // unknown text fields are dropped, as the JSON schema's removeAdditional does
    if (!KNOWN_FIELDS.has(part.fieldname)) continue;
    const list = fields.get(part.fieldname) ?? [];
    list.push(String(part.value));
    fields.set(part.fieldname, list);
  }
  const raw: Record<string, unknown> = {};
  for (const [name, values] of fields) {
    const value = fieldValue(name, values);
    if (value !== undefined) raw[name] = value;
  }
  const validate = request.compileValidationSchema(CreatePostBody);
  if (!validate(raw)) {
    // the shared error handler turns this into the usual 400 naming the field
    throw Object.assign(new Error('Invalid post'), {
      validation: validate.errors ?? [],
      validationContext: 'body',
    });
  }
  return { body: raw as CreatePostBody, files };
}
