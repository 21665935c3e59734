import { SendMessageBody, UPLOAD_MAX_BYTES } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import {
  fieldError,
  parseJsonField,
  readMultipartForm,
  validateFormBody,
} from '../../platform/http/multipart-form.ts';
import type { IngestInput } from '../media/media.service.ts';

/**
 * A message with a file arrives as multipart (SPEC §7): the file under `file`, `image`,
 * `video`, `voice` or `media` (a locked message's teaser under `teaser`), text fields as they are, selectedMediaItems, quotedMessage and
 * the paid parts as JSON text. The form is converted to the JSON body and validated with the
 * same schema, so both forms obey one contract.
 */

/** `teaser`: the preview image/video of a locked message (with lockedContent) */
const FILE_FIELDS = new Set([
  'file',
  'files',
  'image',
  'video',
  'voice',
  'audio',
  'media',
  'teaser',
]);
const MAX_FILES = 5;
const JSON_FIELDS = new Set([
  'selectedMediaItems',
  'quotedMessage',
  'lockedContent',
  'offerDetails',
  'contentRequestDetails',
]);
const NUMBER_FIELDS = new Set(['voiceDuration', 'tipAmount']);
const KNOWN_FIELDS = new Set(Object.keys(SendMessageBody.properties));

export interface MessageSubmission {
  body: SendMessageBody;
  /** `field` is the form field the file came in (`teaser` is set apart) */
  files: Array<IngestInput & { field?: string }>;
}

function convert(name: string, value: string): unknown {
  const text = value.trim();
  if (text === '') return undefined;
  if (NUMBER_FIELDS.has(name)) {
    const n = Number(text);
    if (!Number.isFinite(n)) throw fieldError(name, `${name} must be a number`);
    return n;
  }
  // quotedMessage may be a plain id; everything else JSON-ish must parse
  if (JSON_FIELDS.has(name) && (text.startsWith('{') || text.startsWith('['))) {
    return parseJsonField(name, text);
  }
  if (name === 'selectedMediaItems') return text.split(/[\s,]+/).filter(Boolean);
  return value;
}

export async function readMultipartMessage(request: FastifyRequest): Promise<MessageSubmission> {
  const { files, fields } = await readMultipartForm(request, {
    fileFields: FILE_FIELDS,
    knownFields: KNOWN_FIELDS,
    maxFileBytes: UPLOAD_MAX_BYTES,
    maxFiles: MAX_FILES,
    maxFields: 30,
  });
  const raw: Record<string, unknown> = {};
  for (const [name, values] of fields) {
    const value = convert(name, values[values.length - 1] ?? '');
    if (value !== undefined) raw[name] = value;
  }
  return { body: validateFormBody<SendMessageBody>(request, SendMessageBody, raw), files };
}
