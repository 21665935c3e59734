import { ErrorCodes, SendMessageBody, UPLOAD_MAX_BYTES } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../platform/errors.ts';
import type { IngestInput } from '../media/media.service.ts';

/**
 * A message with a file arrives as multipart (SPEC §7): the file under `file`, `image`,
 * `video`, `voice` or `media`, text fields as they are, selectedMediaItems, quotedMessage and
 * the paid parts as JSON text. The form is converted to the JSON body and validated with the
 * same schema, so both forms obey one contract.
 */

const FILE_FIELDS = new Set(['file', 'files', 'image', 'video', 'voice', 'audio', 'media']);
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
  files: IngestInput[];
}

const fieldError = (field: string, message: string) =>
  new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field });

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
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw fieldError(name, `${name} must be valid JSON`);
    }
  }
  if (name === 'selectedMediaItems') return text.split(/[\s,]+/).filter(Boolean);
  return value;
}

export async function readMultipartMessage(request: FastifyRequest): Promise<MessageSubmission> {
  const files: IngestInput[] = [];
  const raw: Record<string, unknown> = {};
  const parts = request.parts({
    limits: { fileSize: UPLOAD_MAX_BYTES, files: MAX_FILES, fields: 30, parts: 40 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (!FILE_FIELDS.has(part.fieldname))
        throw fieldError(part.fieldname, `Unexpected file field ${part.fieldname}`);
      const bytes = await part.toBuffer();
      if (bytes.length > 0) files.push({ filename: part.filename, mimetype: part.mimetype, bytes });
      continue;
    }
    // unknown text fields are dropped, as the JSON schema's removeAdditional does
    if (!KNOWN_FIELDS.has(part.fieldname)) continue;
    const value = convert(part.fieldname, String(part.value));
    if (value !== undefined) raw[part.fieldname] = value;
  }
  const validate = request.compileValidationSchema(SendMessageBody);
  if (!validate(raw)) {
    // the shared error handler turns this into the usual 400 naming the field
    throw Object.assign(new Error('Invalid message'), {
      validation: validate.errors ?? [],
      validationContext: 'body',
    });
  }
  return { body: raw as SendMessageBody, files };
}
