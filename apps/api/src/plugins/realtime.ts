import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import type { DbHandle, Listener } from '@kikstart/db';
import {
  CHAT_AUTH_TIMEOUT_MS,
  CHAT_MESSAGES,
  CHAT_SOCKET_PATH,
  SOCKET_CLOSE,
  socketHelloSchema,
  type ChatSocketEvent,
} from '@kikstart/contract/chat';
import type { AppConfig } from '../config/env.ts';
import { findSessionUser, liveSessionUsers, type AuthUser } from '../modules/auth/sessions.service.ts';
import { sideIn } from '../modules/chat/chat-access.ts';
import { CHAT_CHANNEL, parseNotice } from '../modules/chat/chat-events.ts';
import { messageRows, messagesSince, messageView, unreadTotal } from '../modules/chat/chat.service.ts';

/** Sent ids a socket remembers, so catch-up and live delivery never send one message twice. */
const DELIVERED_MEMORY = 2000;

interface Client {
  user: AuthUser;
  delivered: Set<number>;
}

/**
 * The chat's real-time side (decision 0025). GET /api/chat/socket upgrades to a WebSocket after the
 * Origin check; the first message must be `{type:'auth', token, after?}` (never a token in the URL,
 * where logs and proxies keep it). The server answers `ready`, replays what came after `after`, then
 * sends each new message of the user's conversations as it commits.
 *
 * Fan-out: writes NOTIFY `chat_events` in their transaction; every API process LISTENs (its own
 * PostgreSQL connection, or PGlite's in-process channel) and sends to its own sockets, so several
 * processes behind a load balancer each reach the tabs connected to them.
 */
export async function registerRealtime(
  app: FastifyInstance,
  config: AppConfig,
  listen: DbHandle['listen'] | undefined,
) {
  const clients = new Map<WebSocket, Client>();
  const allowed = allowedOrigins(config);

  const send = (socket: WebSocket, event: ChatSocketEvent) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };

  const deliver = (socket: WebSocket, client: Client, event: Extract<ChatSocketEvent, { type: 'message' }>) => {
    if (client.delivered.has(event.message.id)) return;
    client.delivered.add(event.message.id);
    if (client.delivered.size > DELIVERED_MEMORY) {
      const keep = [...client.delivered].sort((a, b) => a - b).slice(-DELIVERED_MEMORY / 2);
      client.delivered = new Set(keep);
    }
    send(socket, event);
  };

  /**
   * A socket checks its token once, at hello, and may stay open for days. Before anything is
   * sent, each socket's session is read again: one that ended (signed out, password changed,
   * removed from the family, deactivated) is told to sign in again and closed, and the others
   * take up role and family changes, so nothing reaches a session that could no longer ask.
   */
  async function refreshSessions(now: Date) {
    const sessionIds = new Set([...clients.values()].map((client) => client.user.sessionId));
    const live = await liveSessionUsers(app.db, [...sessionIds], now);
    for (const [socket, client] of clients) {
      const user = live.get(client.user.sessionId);
      if (user) {
        client.user = user;
        continue;
      }
      clients.delete(socket);
      send(socket, { type: 'error', message: CHAT_MESSAGES.socketAuth });
      socket.close(SOCKET_CLOSE.unauthorized, 'sign in again');
    }
  }

  async function onNotice(payload: string | undefined) {
    if (clients.size === 0) return;
    const notice = parseNotice(payload);
    if (!payload) {
      // The LISTEN connection was lost and is back: whatever came meanwhile was missed here.
      for (const socket of clients.keys()) send(socket, { type: 'resync' });
      return;
    }
    if (!notice) return;
    const now = app.clock.now();
    await refreshSessions(now);
    if ('messages' in notice) {
      const ids = notice.messages.filter((id) => Number.isSafeInteger(id));
      if (!ids.length) return;
      const rows = await messageRows(
        app.db,
        sql`m.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        sql`m.id`,
        ids.length,
      );
      for (const [socket, client] of clients) {
        for (const row of rows) {
          if (sideIn(client.user, row))
            deliver(socket, client, { type: 'message', message: messageView(row, client.user, app.files.secret, now) });
        }
      }
      return;
    }
    const totals = new Map<string, number>();
    for (const [socket, client] of clients) {
      if (client.user.id !== notice.read.userId) continue;
      if (!totals.has(client.user.id)) totals.set(client.user.id, await unreadTotal(app.db, client.user));
      send(socket, {
        type: 'read',
        conversationId: notice.read.conversationId,
        unreadTotal: totals.get(client.user.id)!,
      });
    }
  }

  let listener: Listener | undefined;
  app.addHook('onReady', async () => {
    if (!listen) {
      app.log.warn('chat: no LISTEN connection given to buildApp; sockets receive no live messages');
      return;
    }
    listener = await listen(CHAT_CHANNEL, {
      onNotify: (payload) => void onNotice(payload).catch((err) => app.log.error({ err }, 'chat fan-out failed')),
      onError: (err) => app.log.warn({ err }, 'chat LISTEN connection lost; reconnecting'),
    });
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });

  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // On shutdown every socket hears "restarting", so the page reconnects to another process.
    preClose(done) {
      const sockets = [...this.websocketServer.clients];
      for (const socket of sockets) socket.close(SOCKET_CLOSE.serverRestart, 'server restarting');
      // A client that never answers the close would hold the shutdown for the library's 30 s.
      setTimeout(() => sockets.forEach((socket) => socket.terminate()), 1_000).unref();
      this.websocketServer.close(() => done());
    },
  });

  app.get(
    `/api${CHAT_SOCKET_PATH}`,
    {
      websocket: true,
      schema: { hide: true },
      // Before the upgrade: a page on another site must not open a socket with a visitor's browser.
      onRequest: async (request, reply) => {
        const origin = request.headers.origin;
        if (!origin || !allowed(origin)) {
          return reply.code(403).send({
            status: 403,
            code: 'FORBIDDEN',
            message: 'This origin may not open the chat connection',
            data: null,
          });
        }
      },
    },
    (socket) => {
      let client: Client | undefined;
      const timer = setTimeout(() => socket.close(SOCKET_CLOSE.unauthorized, 'sign in first'), CHAT_AUTH_TIMEOUT_MS);
      socket.on('close', () => {
        clearTimeout(timer);
        clients.delete(socket);
      });
      socket.on('message', (data) => {
        if (client) return; // After the first message the socket only listens.
        void hello(String(data)).catch((err) => {
          app.log.error({ err }, 'chat socket hello failed');
          socket.close(1011, 'server error');
        });
      });

      async function hello(text: string) {
        clearTimeout(timer);
        let parsed;
        try {
          parsed = socketHelloSchema.safeParse(JSON.parse(text));
        } catch {
          parsed = null;
        }
        if (!parsed?.success) {
          socket.close(SOCKET_CLOSE.badMessage, 'expected {type:"auth", token}');
          return;
        }
        const user = await findSessionUser(app.db, parsed.data.token, app.clock.now());
        if (!user) {
          send(socket, { type: 'error', message: CHAT_MESSAGES.socketAuth });
          socket.close(SOCKET_CLOSE.unauthorized, 'sign in again');
          return;
        }
        // Registered before the catch-up query, so nothing committed in between is lost; the
        // delivered set drops what both paths carry.
        const me: Client = { user, delivered: new Set() };
        client = me;
        clients.set(socket, me);
        send(socket, { type: 'ready', unreadTotal: await unreadTotal(app.db, user) });
        if (parsed.data.after !== undefined) {
          const missed = await messagesSince({
            db: app.db,
            user,
            now: app.clock.now(),
            fileSecret: app.files.secret,
            after: parsed.data.after,
          });
          for (const message of missed.messages) deliver(socket, me, { type: 'message', message });
          if (missed.more) send(socket, { type: 'resync' });
        }
      }
    },
  );
}

/**
 * The origins whose pages may open the socket: PUBLIC_URL's and CORS_ORIGINS. Outside production
 * also any localhost port, for the Vite dev server, whose proxy keeps the browser's Origin.
 */
function allowedOrigins(config: AppConfig) {
  const exact = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins.map((o) => safeOrigin(o))]);
  return (origin: string) => {
    if (exact.has(origin)) return true;
    if (config.isProduction) return false;
    const host = safeHost(origin);
    return host === 'localhost' || host === '127.0.0.1';
  };
}

function safeOrigin(value: string) {
  try {
    return new URL(value).origin;
  } catch {
    return value;
  }
}

function safeHost(value: string) {
  try {
    return new URL(value).hostname;
  } catch {
    return '';
  }
}
