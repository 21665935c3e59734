import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UserRow } from '../../platform/db/schema.ts';
import { bearer, createCreator, createUser, tokenFor } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/harness.ts';

export { pngBomb } from '../../platform/storage/image-fixtures.test-kit.ts';

/** Helpers of the media tests (not a test file itself). */

export interface Actor {
  user: UserRow;
  token: string;
  headers: Record<string, string>;
}

export async function actor(
  server: TestServer,
  kind: 'fan' | 'creator' = 'creator',
): Promise<Actor> {
  const user = kind === 'creator' ? await createCreator(server.ctx) : await createUser(server.ctx);
  const token = await tokenFor(server.ctx, user);
  return { user, token, headers: bearer(token) };
}

/** A second session of the same account (a URL signed for one must fail in the other). */
export async function secondSession(server: TestServer, who: Actor): Promise<Actor> {
  const token = await tokenFor(server.ctx, who.user, 'other-device');
  return { ...who, token, headers: bearer(token) };
}

export interface UploadFile {
  bytes: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart body with any number of files under `field` plus text fields. */
export async function formBody(
  field: string,
  files: UploadFile[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(
      field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.filename ?? 'upload.bin',
    );
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

export async function upload(
  server: TestServer,
  who: Actor,
  file: UploadFile,
  fields: Record<string, string> = {},
  url = '/api/media/upload',
) {
  const body = await formBody('file', [file], fields);
  return server.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

/** The URL with the first character of its `sig` changed (always a different one). */
export function tamperSig(url: string): string {
  return url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function call(
  server: TestServer,
  who: Actor | null,
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
) {
  const res = await server.app.inject({
    method,
    url: `/api${url}`,
    ...(who ? { headers: who.headers } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A small, detailed picture (stripes and noise), so blur and resizing show in the numbers. */
export async function detailedImage(
  width: number,
  height: number,
  format: 'jpeg' | 'png' = 'jpeg',
) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const stripe = (Math.floor(x / 4) + Math.floor(y / 4)) % 2 === 0 ? 230 : 25;
      pixels[i] = stripe;
      pixels[i + 1] = (x * 7 + y * 13) % 256;
      pixels[i + 2] = 255 - stripe;
    }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** Mean absolute difference of neighbouring grey pixels: high for detail, low for blur. */
export async function edgeEnergy(bytes: Buffer, width = 160): Promise<number> {
  const { data, info } = await sharp(bytes)
    .resize({ width })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  let n = 0;
  for (let y = 0; y < info.height; y += 1)
    for (let x = 1; x < info.width; x += 1) {
      sum += Math.abs(data[y * info.width + x]! - data[y * info.width + x - 1]!);
      n += 1;
    }
  return sum / n;
}

export const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A one-second test clip or tone made by ffmpeg (only when it is installed). */
export function ffmpegClip(
  ext: 'mp4' | 'webm' | 'mov' | 'mp3' | 'wav' | 'ogg' | 'm4a',
  extra: string[] = [],
  options: { audioOnly?: boolean } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-clip-'));
  const out = path.join(dir, `clip.${ext}`);
  const video = ['mp4', 'webm', 'mov'].includes(ext) && !options.audioOnly;
  const input = video
    ? ['-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=10:duration=1']
    : ['-f', 'lavfi', '-i', 'sine=duration=1'];
  const codec = ext === 'ogg' ? ['-c:a', 'libvorbis'] : ext === 'm4a' ? ['-c:a', 'aac'] : [];
  const pix = ext === 'mp4' || ext === 'mov' ? ['-pix_fmt', 'yuv420p'] : [];
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...input, ...pix, ...codec, ...extra, out]);
  const bytes = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}
