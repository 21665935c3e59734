import { CreateReelBody, UPLOAD_MAX_BYTES } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { readMultipartForm, validateFormBody } from '../../platform/http/multipart-form.ts';
import type { IngestInput } from '../media/media.service.ts';

/** POST /reels as multipart: the file under `video` (also `media`/`file`) and a `caption`. */
const FILE_FIELDS = new Set(['video', 'media', 'file']);
const KNOWN_FIELDS = new Set(['caption', 'mediaId']);

export async function readMultipartReel(
  request: FastifyRequest,
): Promise<{ body: CreateReelBody; file: IngestInput | null }> {
  const { files, fields } = await readMultipartForm(request, {
    fileFields: FILE_FIELDS,
    knownFields: KNOWN_FIELDS,
    maxFileBytes: UPLOAD_MAX_BYTES,
    maxFiles: 1,
    maxFields: 5,
  });
  const raw: Record<string, string> = {};
  for (const [name, values] of fields) {
    const value = values.at(-1)?.trim() ?? '';
    if (value) raw[name] = value;
  }
  const body = validateFormBody<CreateReelBody>(request, CreateReelBody, raw);
  return { body, file: files[0] ?? null };
}
