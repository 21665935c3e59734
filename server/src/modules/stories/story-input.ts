import { CreateStoryBody, UPLOAD_MAX_BYTES } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import {
  parseJsonField,
  readMultipartForm,
  validateFormBody,
} from '../../platform/http/multipart-form.ts';
import type { IngestInput } from '../media/media.service.ts';

/**
 * POST /stories arrives as SPEC §7 multipart (the file under `media`, also `image`, `video` or
 * `file`; `textPosition` as JSON text such as '{"x":0.5,"y":0.3}') or as JSON. The form is
 * converted to the JSON shape and validated with the same schema, so both obey one contract.
 */

const FILE_FIELDS = new Set(['media', 'image', 'video', 'file']);
const KNOWN_FIELDS = new Set(Object.keys(CreateStoryBody.properties));

export interface StorySubmission {
  body: CreateStoryBody;
  file: IngestInput | null;
}

/** A form field as the JSON body would carry it; empty fields are left out. */
function fieldValue(name: string, raw: string): unknown {
  const value = raw.trim();
  if (value === '' || value === 'null' || value === 'undefined') return undefined;
  if (name === 'textPosition') return parseJsonField(name, value);
  if (name === 'textSize' && /^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value));
  return value;
}

export async function readMultipartStory(request: FastifyRequest): Promise<StorySubmission> {
  const { files, fields } = await readMultipartForm(request, {
    fileFields: FILE_FIELDS,
    knownFields: KNOWN_FIELDS,
    maxFileBytes: UPLOAD_MAX_BYTES,
    maxFiles: 1,
    maxFields: 20,
  });
  const raw: Record<string, unknown> = {};
  for (const [name, values] of fields) {
    const value = fieldValue(name, values[values.length - 1] ?? '');
    if (value !== undefined) raw[name] = value;
  }
  const body = validateFormBody<CreateStoryBody>(request, CreateStoryBody, raw);
  return { body, file: files[0] ?? null };
}
