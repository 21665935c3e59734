/**
 * Realtime event map: the one list of WebSocket frame types. A frame is `{type, data}`.
 * Server code publishes through the event bus with these types; the web client switches on them.
 */
export interface RealtimeEvents {
  /** Sent once after the socket is authenticated. */
  ready: { userId: string; sessionId: string };
  /** Reply to a client `ping` frame. */
  pong: { at: string };
  /** The session behind this socket was revoked; the server closes the socket after sending it. */
  session_revoked: { sessionId: string };
  notification: { notificationId: string; type: string };
  message_new: { chatId: string; messageId: string };
  message_updated: { chatId: string; messageId: string };
  message_deleted: { chatId: string; messageId: string };
  message_read: { chatId: string; messageIds: string[]; userId: string };
  typing: { chatId: string; userId: string };
  presence: { userId: string; online: boolean };
  /** Generic "something you look at changed": the client invalidates matching query keys. */
  invalidate: { keys: string[][] };
}

export type RealtimeEventType = keyof RealtimeEvents;

export interface RealtimeFrame<T extends RealtimeEventType = RealtimeEventType> {
  type: T;
  data: RealtimeEvents[T];
}
