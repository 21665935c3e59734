import { CreatePostBody, UPLOAD_MAX_BYTES } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import {
  fieldError,
  parseJsonField,
  readMultipartForm,
  validateFormBody,
} from '../../platform/http/multipart-form.ts';
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

/** JSON text for the JSON fields; for list fields also `a, b` or repeated fields. */
function fieldValue(name: string, values: string[]): unknown {
  if (LIST_FIELDS.has(name)) {
    const items: unknown[] = [];
    for (const value of values) {
      const text = value.trim();
      if (text === '') continue;
      if (text.startsWith('[')) items.push(...asArray(name, parseJsonField(name, text)));
      else items.push(...text.split(/[\s,]+/).filter(Boolean));
    }
    return items;
  }
  const value = values[values.length - 1] ?? '';
  if (JSON_FIELDS.has(name)) return value.trim() === '' ? undefined : parseJsonField(name, value);
  return value;
}

function asArray(field: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw fieldError(field, `${field} must be a JSON array`);
  return value;
}

/** Reads a multipart POST /posts: buffers the files, converts and validates the fields. */
export async function readMultipartPost(request: FastifyRequest): Promise<PostSubmission> {
  const { files, fields } = await readMultipartForm(request, {
    fileFields: FILE_FIELDS,
    knownFields: KNOWN_FIELDS,
    maxFileBytes: UPLOAD_MAX_BYTES,
    maxFiles: MAX_FILES,
    maxFields: 40,
  });
  const raw: Record<string, unknown> = {};
  for (const [name, values] of fields) {
    const value = fieldValue(name, values);
    if (value !== undefined) raw[name] = value;
  }
  return { body: validateFormBody<CreatePostBody>(request, CreatePostBody, raw), files };
}
