import { Type, type Static } from '@sinclair/typebox';
import type { ErrorCode } from './errors.ts';

/**
 * Realtime event map: the one list of WebSocket frame types. A frame is `{type, data}`.
 * Server code publishes through the event bus with these types; the web client switches on them.
 */
export interface RealtimeEvents {
  /** Sent once after the socket is authenticated. Events may have been missed while offline,
   * so a client refetches what it shows when it receives this. */
  ready: { userId: string; sessionId: string };
  /** Reply to a client `ping` frame: server time, and the ping's id when it had one. */
  pong: { at: string; id?: string };
  /** The session behind this socket was revoked; the server closes the socket after sending it. */
  session_revoked: { sessionId: string };
  /** A client frame was refused (malformed, unknown, too large, too many); the socket stays open. */
  error: { code: ErrorCode; message: string };
  notification: { notificationId: string; type: string };
  message_new: { chatId: string; messageId: string };
  message_updated: { chatId: string; messageId: string };
  message_deleted: { chatId: string; messageId: string };
  message_read: { chatId: string; messageIds: string[]; userId: string };
  /** Another participant of `chatId` started (isTyping true) or stopped typing. A client
   * should drop a `true` after ~5 s without a repeat; senders repeat it at most every 2 s. */
  typing: { chatId: string; userId: string; isTyping: boolean };
  /** A watched user (client `presence_watch`) got their first socket or lost their last one. */
  presence: { userId: string; online: boolean };
  /** Generic "something you look at changed": the client invalidates matching query keys. */
  invalidate: { keys: string[][] };
}

export type RealtimeEventType = keyof RealtimeEvents;

/** A server→client frame; a union over the types, so `switch (frame.type)` narrows `data`. */
export type RealtimeFrame<T extends RealtimeEventType = RealtimeEventType> = {
  [K in T]: { type: K; data: RealtimeEvents[K] };
}[T];

export const RealtimeLimits = {
  /** client frames are small commands; anything bigger is refused with an error frame */
  maxClientFrameBytes: 4096,
  /** users one socket may watch for presence */
  maxWatchedUsers: 200,
} as const;

/**
 * Client→server frames, as schemas because the server validates them. A client sends nothing
 * before `ready`; earlier frames are ignored. `data` may be omitted when it would be empty.
 */
export const RealtimeClientData = {
  /** answered with `pong`; keeps proxies from cutting an idle socket */
  ping: Type.Object({ id: Type.Optional(Type.String({ maxLength: 64 })) }),
  /** replaces the set of users whose `presence` changes this socket receives */
  presence_watch: Type.Object({
    userIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      maxItems: RealtimeLimits.maxWatchedUsers,
    }),
  }),
  /** forwarded as `typing` to the chat's other participants (only from a participant) */
  typing: Type.Object({
    chatId: Type.String({ minLength: 1, maxLength: 64 }),
    isTyping: Type.Boolean(),
  }),
};

export type RealtimeClientEvents = {
  [K in keyof typeof RealtimeClientData]: Static<(typeof RealtimeClientData)[K]>;
};
export type RealtimeClientEventType = keyof RealtimeClientEvents;
export type RealtimeClientFrame<T extends RealtimeClientEventType = RealtimeClientEventType> = {
  [K in T]: { type: K; data: RealtimeClientEvents[K] };
}[T];

/**
 * Close codes the server uses. 4401 means "sign in again": a client must not reconnect with
 * the same credentials. Anything else (including 1006 when a dead or too slow socket is
 * dropped) is transient: reconnect with backoff.
 */
export const RealtimeCloseCodes = {
  /** server shutting down or restarting (1005, no code, is the same thing) */
  GOING_AWAY: 1001,
  /** the server failed while accepting the socket */
  INTERNAL_ERROR: 1011,
  /** no token, an unknown/expired/revoked one, or the session was revoked while connected */
  UNAUTHENTICATED: 4401,
} as const;
