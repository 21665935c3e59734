import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * ffmpeg and ffprobe, when the machine has them (Debian `ffmpeg`): durations and sizes of
 * video and audio, video poster frames, and a metadata-free remux of videos. Detected once per
 * process; without them videos and audio are still accepted, with fewer facts and no poster.
 *
 * Untrusted files never get to choose how they are read: the demuxer is forced to the container
 * the magic bytes showed and only the `file` protocol is allowed, so a "video" that is really an
 * HLS or concat playlist cannot make ffmpeg open other files or URLs.
 */
export interface MediaTools {
  ffmpeg: string | null;
  ffprobe: string | null;
}

export interface MediaProbe {
  durationSeconds: number | null;
  /** display size (rotation applied) of the first video stream */
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

const TIMEOUT_MS = 60_000;
const detected = new Map<string, Promise<string | null>>();

function run(
  file: string,
  args: string[],
  options: { maxBuffer?: number; encoding?: 'buffer' | 'utf8' } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: TIMEOUT_MS, maxBuffer: options.maxBuffer ?? 4 * 1024 * 1024, encoding: 'buffer' },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

function detect(binary: string): Promise<string | null> {
  if (binary === 'none' || binary === '') return Promise.resolve(null);
  let found = detected.get(binary);
  if (!found) {
    found = run(binary, ['-version']).then(
      () => binary,
      () => null,
    );
    detected.set(binary, found);
  }
  return found;
}

/** Which tools this process can use (cached; called at start to warm up and log). */
export async function detectMediaTools(
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
): Promise<MediaTools> {
  const [ffmpeg, ffprobe] = await Promise.all([
    detect(config.FFMPEG_PATH),
    detect(config.FFPROBE_PATH),
  ]);
  return { ffmpeg, ffprobe };
}

/** Runs `fn` with the bytes in a private temp file (ffmpeg needs to seek, e.g. MP4 `moov`). */
export async function withTempFile<T>(
  bytes: Buffer,
  fn: (file: string, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fanspace-media-'));
  const file = path.join(dir, `input-${randomBytes(6).toString('hex')}`);
  try {
    await fsp.writeFile(file, bytes, { mode: 0o600 });
    return await fn(file, dir);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

const SAFE_INPUT = (demuxer: string, file: string) => [
  '-protocol_whitelist',
  'file',
  '-f',
  demuxer,
  '-i',
  file,
];

interface ProbeJson {
  streams?: Array<{
    codec_type?: string;
    width?: number;
    height?: number;
    tags?: { rotate?: string };
    side_data_list?: Array<{ rotation?: number }>;
  }>;
  format?: { duration?: string };
}

/** Facts about a video or audio file; null when ffprobe is missing or cannot read it. */
export async function probeMedia(
  tools: MediaTools,
  file: string,
  demuxer: string,
): Promise<MediaProbe | null> {
  if (!tools.ffprobe) return null;
  let parsed: ProbeJson;
  try {
    const out = await run(tools.ffprobe, [
      '-v',
      'error',
      ...SAFE_INPUT(demuxer, file).slice(0, -2),
      '-show_entries',
      'stream=codec_type,width,height:stream_tags=rotate:stream_side_data=rotation:format=duration',
      '-of',
      'json',
      file,
    ]);
    parsed = JSON.parse(out.toString('utf8')) as ProbeJson;
  } catch {
    return null;
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const rotation = Math.abs(
    Number(
      video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
        video?.tags?.rotate ??
        0,
    ),
  );
  const sideways = rotation % 180 === 90;
  const duration = Number(parsed.format?.duration);
  return {
    durationSeconds:
      Number.isFinite(duration) && duration >= 0 ? Math.round(duration * 1000) / 1000 : null,
    width: (sideways ? video?.height : video?.width) ?? null,
    height: (sideways ? video?.width : video?.height) ?? null,
    hasVideo: video !== undefined,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/** One frame (PNG, at most 1920 px wide) at `atSeconds`; null when ffmpeg cannot make one. */
export async function extractPosterFrame(
  tools: MediaTools,
  file: string,
  demuxer: string,
  atSeconds: number,
): Promise<Buffer | null> {
  if (!tools.ffmpeg) return null;
  const grab = (at: number) =>
    run(
      tools.ffmpeg!,
      [
        '-v',
        'error',
        '-ss',
        at.toFixed(3),
        ...SAFE_INPUT(demuxer, file),
        '-frames:v',
        '1',
        '-vf',
        "scale='min(1920,iw)':-2",
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
  try {
    const frame = await grab(atSeconds);
    // seeking past the end of a very short clip yields nothing: fall back to the first frame
    return frame.length > 0 ? frame : atSeconds > 0 ? await grab(0) : null;
  } catch {
    return null;
  }
}

/**
 * The same streams without container metadata (location, device, creation tags) and with the
 * index up front for streaming; null when ffmpeg is missing or the remux fails.
 */
export async function remuxWithoutMetadata(
  tools: MediaTools,
  file: string,
  dir: string,
  demuxer: string,
  muxer: 'mp4' | 'mov' | 'webm',
): Promise<Buffer | null> {
  if (!tools.ffmpeg) return null;
  const out = path.join(dir, `clean.${muxer}`);
  try {
    await run(tools.ffmpeg, [
      '-v',
      'error',
      ...SAFE_INPUT(demuxer, file),
      // video and audio only: timed metadata and data tracks (GPS tracks of phones) are dropped
      '-map',
      '0:v?',
      '-map',
      '0:a?',
      '-c',
      'copy',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      ...(muxer === 'webm' ? [] : ['-movflags', '+faststart']),
      '-f',
      muxer,
      out,
    ]);
    const bytes = await fsp.readFile(out);
    return bytes.length > 0 ? bytes : null;
  } catch {
    return null;
  }
}
