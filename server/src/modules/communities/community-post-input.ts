import { CreateCommunityPostBody, UPLOAD_MAX_BYTES } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { readMultipartForm, validateFormBody } from '../../platform/http/multipart-form.ts';
import type { IngestInput } from '../media/media.service.ts';

/** POST /communities/{id}/posts as multipart: `content` and an optional `image` (or `media`/`file`). */
const FILE_FIELDS = new Set(['image', 'media', 'file']);
const KNOWN_FIELDS = new Set(['content']);

export async function readCommunityPost(
  request: FastifyRequest,
): Promise<{ content: string; file: IngestInput | null }> {
  const { files, fields } = await readMultipartForm(request, {
    fileFields: FILE_FIELDS,
    knownFields: KNOWN_FIELDS,
    maxFileBytes: UPLOAD_MAX_BYTES,
    maxFiles: 1,
    maxFields: 5,
  });
  const content = fields.get('content')?.at(-1) ?? '';
  const body = validateFormBody<CreateCommunityPostBody>(request, CreateCommunityPostBody, {
    content,
  });
  return { content: body.content ?? '', file: files[0] ?? null };
}
