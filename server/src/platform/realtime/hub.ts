import {
  ErrorCodes,
  RealtimeCloseCodes,
  type RealtimeClientFrame,
  type RealtimeEvents,
  type RealtimeFrame,
} from '@fanspace/contracts';
import { WebSocket, type RawData } from 'ws';
import type { AppContext } from '../context.ts';
import { clientFrameHook, parseClientFrame } from './client-frames.ts';
import { PRESENCE_VISIBILITY_SIGNAL, publish } from './publish.ts';
import { ConnectionRegistry, createConnection, type Connection } from './registry.ts';
import { findEndedSessions } from './session-check.ts';
import type { BusEnvelope, BusSignal } from './types.ts';

export interface HubOptions {
  /** ws ping interval; a socket that has not answered by the next one is dropped. 0 = off */
  heartbeatMs?: number;
  /** how often open sessions are re-checked against the database. 0 = off */
  revalidateMs?: number;
}

/** A socket this far behind on reading is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Sockets that do not finish the close handshake on shutdown are cut after this. */
const SHUTDOWN_GRACE_MS = 2000;

type HubContext = Pick<AppContext, 'bus' | 'db' | 'log'>;

/**
 * This process's realtime sockets. It takes every envelope from the bus and writes it to the
 * local sockets it names; the bus (memory or Redis) makes that work across processes.
 *
 * A socket is `add`ed (pending) before its session is re-checked and `activate`d after, so a
 * revocation that commits while the socket connects is caught by one or the other.
 */
export class RealtimeHub {
  private readonly registry = new ConnectionRegistry();
  /** added but not yet ready: only revocation reaches them */
  private readonly pending = new Set<Connection>();
  /** users with a socket here who hide their activity status: watchers see them offline */
  private readonly hidden = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | undefined;
  private unsubscribeSignals: (() => void) | undefined;
  private revalidating = false;
  private closing = false;

  constructor(
    private readonly ctx: HubContext,
    private readonly options: HubOptions = {},
  ) {}

  get size() {
    return this.registry.size;
  }

  start() {
    this.unsubscribe = this.ctx.bus.subscribe((envelope) => this.deliver(envelope));
    this.unsubscribeSignals = this.ctx.bus.onSignal((signal) => this.onSignal(signal));
    const every = (ms: number, fn: () => void) => {
      if (ms > 0) this.timers.push(setInterval(fn, ms).unref());
    };
    every(this.options.heartbeatMs ?? 30_000, () => this.heartbeat());
    every(this.options.revalidateMs ?? 5 * 60_000, () => void this.revalidate());
  }

  /**
   * Registers an authenticated socket, pending until `activate`; null if it already closed.
   * `hidesPresence`: the user's privacy.showActivityStatus is false, as read when authenticating.
   */
  add(
    socket: WebSocket,
    userId: string,
    sessionId: string,
    hidesPresence = false,
  ): Connection | null {
    if (this.closing || socket.readyState !== WebSocket.OPEN) return null;
    const conn = createConnection(socket, userId, sessionId, hidesPresence);
    this.pending.add(conn);
    socket.on('pong', () => (conn.alive = true));
    socket.on('message', (data, isBinary) => this.receive(conn, data, isBinary));
    socket.once('close', () => this.drop(conn));
    return conn;
  }

  /** Makes a pending socket live: it gets `ready` and then events. */
  activate(conn: Connection) {
    if (!this.pending.delete(conn)) return;
    const wasVisible = this.visible(conn.userId);
    this.registry.add(conn);
    // the newest socket read the setting last
    this.setHidden(conn.userId, conn.hidesPresence);
    this.send(conn, { type: 'ready', data: { userId: conn.userId, sessionId: conn.sessionId } });
    if (this.visible(conn.userId) !== wasVisible)
      this.announcePresence(conn.userId, this.visible(conn.userId));
  }

  /**
   * Writes a bus envelope to the local sockets it names. `session_revoked` is the exception:
   * it is addressed by session id only, and closes the sockets it reaches.
   */
  deliver(envelope: BusEnvelope) {
    const { to, frame } = envelope;
    if (frame.type === 'session_revoked') {
      for (const sessionId of to.sessionIds ?? []) this.endSession(sessionId);
      return;
    }
    if (frame.type === 'presence') this.correctPresence(frame.data);
    const targets = this.registry.match(to);
    if (targets.size === 0) return;
    const payload = JSON.stringify(frame);
    for (const conn of targets) this.write(conn, payload);
  }

  /** Drops sockets that missed a heartbeat and pings the rest. */
  heartbeat() {
    for (const conn of [...this.registry.connections(), ...this.pending]) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.socket.ping();
      } catch {
        // not open any more; its close event removes it
      }
    }
  }

  /**
   * Closes sockets whose session ended without a `session_revoked` reaching this process
   * (expiry, a ban, a Redis blip): one query per 500 open sessions per interval.
   */
  async revalidate() {
    if (this.revalidating || this.registry.size === 0) return;
    this.revalidating = true;
    try {
      const ended = await findEndedSessions(this.ctx.db, this.registry.sessionIds());
      for (const sessionId of ended) this.endSession(sessionId);
    } catch (err) {
      this.ctx.log.warn({ err }, 'realtime session re-check failed');
    } finally {
      this.revalidating = false;
    }
  }

  /** Shutdown: no presence flapping for users who reconnect to another process. */
  close() {
    this.closing = true;
    this.unsubscribe?.();
    this.unsubscribeSignals?.();
    for (const timer of this.timers) clearInterval(timer);
    const open = [...this.registry.connections(), ...this.pending];
    for (const conn of open)
      conn.socket.close(RealtimeCloseCodes.GOING_AWAY, 'Server shutting down');
    if (open.length > 0) {
      setTimeout(() => {
        for (const conn of open) conn.socket.terminate();
      }, SHUTDOWN_GRACE_MS).unref();
    }
  }

  private receive(conn: Connection, data: RawData, isBinary: boolean) {
    conn.alive = true;
    if (!this.registry.has(conn)) return;
    if (!conn.limiter.take()) {
      if (!conn.limiter.warned) this.sendError(conn, ErrorCodes.RATE_LIMITED, 'Too many frames');
      conn.limiter.warned = true;
      return;
    }
    const parsed = parseClientFrame(data, isBinary);
    if (!parsed.ok) return this.sendError(conn, parsed.error.code, parsed.error.message);
    this.handle(conn, parsed.frame);
  }

  private handle(conn: Connection, frame: RealtimeClientFrame) {
    switch (frame.type) {
      case 'ping':
        return this.send(conn, {
          type: 'pong',
          data: { at: new Date().toISOString(), ...(frame.data.id ? { id: frame.data.id } : {}) },
        });
      case 'presence_watch':
        return this.watchPresence(conn, frame.data.userIds);
      default:
        return this.runHook(conn, frame);
    }
  }

  /**
   * Starts watching and answers with the current state of each newly watched user: online
   * when this process holds one of their sockets and they show their activity status, else
   * offline, and a probe through the bus makes any other process holding one answer "online"
   * (see `correctPresence`). The probe is an offline presence addressed to no socket, so no
   * client ever sees it.
   */
  private watchPresence(conn: Connection, userIds: string[]) {
    const added = userIds.filter((id) => !conn.watching.has(id));
    this.registry.watch(conn, userIds);
    for (const userId of new Set(added)) {
      const online = this.visible(userId);
      this.send(conn, { type: 'presence', data: { userId, online } });
      if (!online) void publish(this.ctx, { userIds: [] }, 'presence', { userId, online: false });
    }
  }

  /** A module's hook for the frame (chats: typing); unsupported if none is registered. */
  private runHook(conn: Connection, frame: RealtimeClientFrame) {
    const hook = clientFrameHook(frame.type);
    if (!hook)
      return this.sendError(
        conn,
        ErrorCodes.VALIDATION_FAILED,
        `Unsupported frame type: ${frame.type}`,
      );
    const sender = { userId: conn.userId, sessionId: conn.sessionId };
    void hook(this.ctx, sender, frame.data).then(
      (error) => {
        if (error) this.sendError(conn, error.code, error.message);
      },
      (err: unknown) => this.ctx.log.warn({ err, type: frame.type }, 'realtime frame hook failed'),
    );
  }

  private drop(conn: Connection) {
    if (this.pending.delete(conn)) return;
    const wasVisible = this.visible(conn.userId);
    if (this.registry.remove(conn)) this.hidden.delete(conn.userId);
    if (wasVisible && !this.visible(conn.userId)) this.announcePresence(conn.userId, false);
  }

  /** Online to watchers: a socket here, and the user shows their activity status. */
  private visible(userId: string) {
    return this.registry.hasUser(userId) && !this.hidden.has(userId);
  }

  private setHidden(userId: string, hidden: boolean) {
    if (hidden) this.hidden.add(userId);
    else this.hidden.delete(userId);
  }

  /**
   * A user changed privacy.showActivityStatus: hiding it reads as going offline to their
   * watchers, showing it again as coming online (when this process holds one of their sockets).
   */
  private onSignal({ name, data }: BusSignal) {
    if (name !== PRESENCE_VISIBILITY_SIGNAL) return;
    const { userId, hidden } = data;
    if (typeof userId !== 'string' || typeof hidden !== 'boolean') return;
    // a socket still connecting read the setting before this change
    for (const conn of this.pending) if (conn.userId === userId) conn.hidesPresence = hidden;
    if (!this.registry.hasUser(userId)) return;
    const wasVisible = this.visible(userId);
    this.setHidden(userId, hidden);
    if (this.visible(userId) !== wasVisible) this.announcePresence(userId, !hidden);
  }

  /** Tells each socket of the session and closes it; the client must sign in again. */
  private endSession(sessionId: string) {
    const frame: RealtimeFrame = { type: 'session_revoked', data: { sessionId } };
    const payload = JSON.stringify(frame);
    const pending = [...this.pending].filter((conn) => conn.sessionId === sessionId);
    for (const conn of [...this.registry.forSession(sessionId), ...pending]) {
      this.write(conn, payload);
      conn.socket.close(RealtimeCloseCodes.UNAUTHENTICATED, 'Session revoked');
    }
  }

  private announcePresence(userId: string, online: boolean) {
    if (this.closing) return;
    void publish(this.ctx, { watchersOf: [userId] }, 'presence', { userId, online });
  }

  /**
   * Presence is counted per process, so "offline" from one process may be wrong while another
   * still holds a socket of that user; that process answers "online", and watchers settle on
   * the truth a moment later, without any shared presence store.
   */
  private correctPresence({ userId, online }: RealtimeEvents['presence']) {
    if (!online && this.visible(userId)) this.announcePresence(userId, true);
  }

  private sendError(conn: Connection, code: RealtimeEvents['error']['code'], message: string) {
    this.send(conn, { type: 'error', data: { code, message } });
  }

  private send(conn: Connection, frame: RealtimeFrame) {
    this.write(conn, JSON.stringify(frame));
  }

  private write(conn: Connection, payload: string) {
    const { socket } = conn;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ctx.log.warn({ userId: conn.userId }, 'dropping a realtime socket that stopped reading');
      socket.terminate();
      return;
    }
    socket.send(payload);
  }
}
