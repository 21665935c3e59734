import {
  ErrorCodes,
  RealtimeClientData,
  RealtimeLimits,
  type RealtimeClientFrame,
  type RealtimeEvents,
} from '@fanspace/contracts';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { RawData } from 'ws';
import type { AppContext } from '../context.ts';

type ClientType = keyof typeof RealtimeClientData;

const checks = {
  ping: TypeCompiler.Compile(RealtimeClientData.ping),
  presence_watch: TypeCompiler.Compile(RealtimeClientData.presence_watch),
  typing: TypeCompiler.Compile(RealtimeClientData.typing),
} satisfies Record<ClientType, unknown>;

export type ParsedClientFrame =
  { ok: true; frame: RealtimeClientFrame } | { ok: false; error: RealtimeEvents['error'] };

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

function refuse(code: RealtimeEvents['error']['code'], message: string): ParsedClientFrame {
  return { ok: false, error: { code, message } };
}

/**
 * Turns one raw client message into a typed frame, or the error frame to answer it with.
 * Never throws: whatever a client sends, the socket and the process stay up.
 */
export function parseClientFrame(data: RawData, isBinary: boolean): ParsedClientFrame {
  if (isBinary) return refuse(ErrorCodes.UNSUPPORTED_MEDIA_TYPE, 'Frames must be JSON text');
  if (byteLength(data) > RealtimeLimits.maxClientFrameBytes) {
    return refuse(ErrorCodes.PAYLOAD_TOO_LARGE, 'Frame too large');
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
  } catch {
    return refuse(ErrorCodes.MALFORMED_BODY, 'Malformed JSON frame');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refuse(ErrorCodes.VALIDATION_FAILED, 'A frame is an object {type, data}');
  }
  const { type, data: payload = {} } = value as { type?: unknown; data?: unknown };
  // own-property check, so "constructor" or "__proto__" are unknown types, not prototype hits
  if (typeof type !== 'string' || !Object.hasOwn(checks, type)) {
    return refuse(ErrorCodes.VALIDATION_FAILED, `Unknown frame type: ${String(type).slice(0, 40)}`);
  }
  if (!checks[type as ClientType].Check(payload)) {
    return refuse(ErrorCodes.VALIDATION_FAILED, `Invalid data for ${type}`);
  }
  return { ok: true, frame: { type, data: payload } as RealtimeClientFrame };
}

/**
 * Token bucket per socket: a burst of `burst` frames, refilled at `perSecond`. Clients send a
 * ping every ~25 s and the odd watch update, so the limit only ever bites a runaway client.
 */
export class FrameLimiter {
  private tokens: number;
  private last = Date.now();
  /** set when the client was told it is limited, so it is told once per episode */
  warned = false;

  constructor(
    private readonly perSecond = 10,
    private readonly burst = 30,
  ) {
    this.tokens = burst;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    this.warned = false;
    return true;
  }
}

/**
 * Client frames the hub does not answer itself (ping, presence_watch) go to a hook a module
 * registers, e.g. chats forwards `typing`. A hook gets the hub's own context (so with several
 * apps in one process each uses its own database and bus) and the sending socket's identity;
 * it may answer with an error frame. Hooks run after the frame passed validation and the
 * socket's frame limiter.
 */
export type ClientFrameSender = { userId: string; sessionId: string };
export type ClientFrameHook<T extends ClientType> = (
  ctx: Pick<AppContext, 'db' | 'bus' | 'log'>,
  sender: ClientFrameSender,
  data: RealtimeClientFrame<T>['data'],
) => Promise<RealtimeEvents['error'] | void>;

const hooks = new Map<ClientType, ClientFrameHook<ClientType>>();

export function registerClientFrameHook<T extends ClientType>(type: T, hook: ClientFrameHook<T>) {
  hooks.set(type, hook as unknown as ClientFrameHook<ClientType>);
}

export function clientFrameHook(type: ClientType): ClientFrameHook<ClientType> | undefined {
  return hooks.get(type);
}
