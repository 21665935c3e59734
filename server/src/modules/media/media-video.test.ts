import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, ffmpegClip, hasFfmpeg, upload, type Actor } from './media.test-kit.ts';

let server: TestServer;
let creator: Actor;

beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server);
});
afterAll(() => server.close());

const fetchUrl = (url: string, who: Actor = creator) =>
  server.app.inject({ method: 'GET', url, headers: who.headers });

describe.runIf(hasFfmpeg)('video and audio (ffmpeg installed)', () => {
  it('stores a video with a poster frame, its teaser and no container metadata', async () => {
    const clip = ffmpegClip('mp4', [
      '-metadata',
      'location=+51.5000-000.1167/',
      '-metadata',
      'title=secret',
    ]);
    const res = await upload(server, creator, {
      bytes: clip,
      filename: 'clip.mp4',
      type: 'video/mp4',
    });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      mediaType: 'video',
      width: 96,
      height: 64,
      mimeType: 'video/mp4',
    });
    expect(item.durationSeconds).toBeGreaterThan(0.5);
    expect(item.thumbnailUrl).toContain('variant=poster');
    expect(item.teaserUrl).toMatch(/^\/api\/files\/public\/teasers\//);
    const video = await fetchUrl(item.mediaUrl);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.includes(Buffer.from('+51.5000'))).toBe(false);
    expect(video.rawPayload.includes(Buffer.from('secret'))).toBe(false);
    const poster = await fetchUrl(item.thumbnailUrl);
    expect((await sharp(poster.rawPayload).metadata()).format).toBe('webp');
    // players seek with byte ranges
    const part = await server.app.inject({
      method: 'GET',
      url: item.mediaUrl,
      headers: { ...creator.headers, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${video.rawPayload.length}`);
    const beyond = await server.app.inject({
      method: 'GET',
      url: item.mediaUrl,
      headers: { ...creator.headers, range: 'bytes=99999999-' },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('takes WebM and MOV video and MP3, WAV, OGG, M4A and WebM voice notes', async () => {
    const cases = [
      ['webm', 'video', 'video/webm'],
      ['mov', 'video', 'video/quicktime'],
      ['mp3', 'audio', 'audio/mpeg'],
      ['wav', 'audio', 'audio/wav'],
      ['ogg', 'audio', 'audio/ogg'],
      ['m4a', 'audio', 'audio/mp4'],
    ] as const;
    for (const [ext, mediaType, mimeType] of cases) {
      const res = await upload(server, creator, { bytes: ffmpegClip(ext), filename: `x.${ext}` });
      expect(res.statusCode, ext).toBe(201);
      expect(res.json(), ext).toMatchObject({ mediaType, mimeType });
    }
    // a voice note recorded by a browser: Opus in WebM, no video stream
    const voice = ffmpegClip('webm', ['-c:a', 'libopus'], { audioOnly: true });
    const res = await upload(server, creator, {
      bytes: voice,
      filename: 'voice.webm',
      type: 'audio/webm',
    });
    expect(res.json()).toMatchObject({
      mediaType: 'audio',
      mimeType: 'audio/webm',
      teaserUrl: null,
    });
    expect(res.json().durationSeconds).toBeGreaterThan(0.5);
  });

  it('caps audio at 25 MB and refuses a file that only starts like a video', async () => {
    const fake = Buffer.concat([ffmpegClip('mp4').subarray(0, 40), Buffer.alloc(2000, 7)]);
    const res = await upload(server, creator, { bytes: fake, filename: 'v.mp4' });
    expect(res.statusCode).toBe(400);
    const mp3 = ffmpegClip('mp3');
    const big = Buffer.concat([mp3, Buffer.alloc(25 * 1024 * 1024)]);
    expect((await upload(server, creator, { bytes: big, filename: 'long.mp3' })).statusCode).toBe(
      413,
    );
  });
});

describe('without ffmpeg', () => {
  let bare: TestServer;
  let owner: Actor;
  beforeAll(async () => {
    bare = await createTestServer({ env: { FFMPEG_PATH: 'none', FFPROBE_PATH: 'none' } });
    owner = await actor(bare);
  });
  afterAll(() => bare.close());

  it('still takes a video, with a placeholder teaser and no poster', async () => {
    // an MP4 header (ftyp isom) and some payload: all that can be checked without ffprobe
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2'),
      Buffer.from([0, 0, 0, 0x10]),
      Buffer.from('mdat'),
      Buffer.alloc(8, 1),
    ]);
    const res = await upload(bare, owner, { bytes: mp4, filename: 'clip.mp4', type: 'video/mp4' });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      mediaType: 'video',
      mimeType: 'video/mp4',
      durationSeconds: null,
    });
    expect(item.teaserUrl).toMatch(/^\/api\/files\/public\/teasers\//);
    expect(item.thumbnailUrl).toBe(item.teaserUrl);
    expect(item.mediaUrl).toContain('variant=original');
    const video = await bare.app.inject({
      method: 'GET',
      url: item.mediaUrl,
      headers: owner.headers,
    });
    expect(video.rawPayload.equals(mp4)).toBe(true);
    // an MP4 declared as audio is filed as a voice note
    const voice = await upload(bare, owner, { bytes: mp4, filename: 'v.m4a', type: 'audio/mp4' });
    expect(voice.json()).toMatchObject({
      mediaType: 'audio',
      mimeType: 'audio/mp4',
      teaserUrl: null,
    });
  });
});
