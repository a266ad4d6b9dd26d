/**
 * The Realtime service: an HTTP server on 127.0.0.1 with the websocket endpoint `/websocket`
 * (query: apikey, vsn 1.0.0 | 2.0.0) and the REST broadcast API under `/api/broadcast`, plus the
 * replication stream that feeds postgres_changes and Broadcast from the database (realtime.send). startRealtimeServer() is used by main.ts and by tests
 * that run the service in-process.
 */
import http from 'node:http';
import type net from 'node:net';
import { WebSocketServer } from 'ws';
import type { StackConfig } from '../config.ts';
import { verifyJwt } from '../jwt.ts';
import { handleBroadcastApi } from './broadcast-api.ts';
import { Catalog } from './catalog.ts';
import { ChannelAuthorizer } from './channel-authorization.ts';
import { PostgresChanges } from './changes.ts';
import { DatabaseBroadcasts } from './database-broadcasts.ts';
import { TopicHub } from './hub.ts';
import { SUPPORTED_VERSIONS, type ProtocolVersion } from './protocol.ts';
import { ReplicationStream } from './replication.ts';
import { RlsChecker } from './rls.ts';
import { Session } from './session.ts';

export interface RealtimeServerOptions {
  /** Defaults to config.ports.realtime; 0 picks a free port. */
  port?: number;
  log?: (line: string) => void;
}

export interface RealtimeServer {
  port: number;
  replication: ReplicationStream;
  /** Open websocket connections. */
  connectionCount(): number;
  /** Closes every websocket (clients reconnect as after a server restart); the service keeps running. */
  dropConnections(): void;
  close(): Promise<void>;
}

/** Phoenix closes a socket that sent nothing (not even a heartbeat) for this long. */
const IDLE_TIMEOUT_MS = 60_000;

function refuse(socket: net.Socket, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

export async function startRealtimeServer(config: StackConfig, options: RealtimeServerOptions = {}): Promise<RealtimeServer> {
  const log = options.log ?? ((line: string) => console.log(`[realtime] ${line}`));
  const catalog = new Catalog(config.dbUrl, log);
  const rls = new RlsChecker(config.dbUrl, log);
  const replication = new ReplicationStream(config.dbUrl, log);
  const hub = new TopicHub();
  const authorizer = new ChannelAuthorizer(config.dbUrl, log);
  const changes = new PostgresChanges(catalog, rls, replication, log);
  const databaseBroadcasts = new DatabaseBroadcasts(config.dbUrl, replication, hub, log);
  const context = { jwtSecret: config.jwtSecret, hub, authorizer, changes, replication, log };
  const sessions = new Set<Session>();
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 4 * 1024 * 1024 });

  const server = http.createServer((req, res) => {
    handleBroadcastApi(req, res, hub, authorizer, config.jwtSecret)
      .then((handled) => {
        if (handled) return;
        const body = JSON.stringify({ message: 'Not Found' });
        res.writeHead(404, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      })
      .catch((error: unknown) => {
        log(`broadcast api error: ${(error as Error).message}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/websocket' && url.pathname !== '/socket/websocket') {
      refuse(socket, 404, 'Not Found');
      return;
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (!SUPPORTED_VERSIONS.includes(vsn as ProtocolVersion)) {
      refuse(socket, 400, `Unsupported protocol version ${vsn}`);
      return;
    }
    const headerKey = req.headers.apikey;
    const apiKey = url.searchParams.get('apikey') ?? (typeof headerKey === 'string' ? headerKey : null);
    if (!apiKey) {
      refuse(socket, 403, 'apikey is required');
      return;
    }
    try {
      verifyJwt(apiKey, config.jwtSecret);
    } catch (error) {
      refuse(socket, 403, `Invalid apikey: ${(error as Error).message}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new Session(ws, vsn as ProtocolVersion, apiKey, context);
      sessions.add(session);
      ws.on('close', () => sessions.delete(session));
    });
  });

  const idleCheck = setInterval(() => {
    const cutoff = Date.now() - IDLE_TIMEOUT_MS;
    for (const session of sessions) if (session.lastSeen < cutoff) session.close(1000, 'idle');
  }, 15_000);
  idleCheck.unref();

  replication.start();
  const port = options.port ?? config.ports.realtime;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  log(`listening on 127.0.0.1:${boundPort}`);

  return {
    port: boundPort,
    replication,
    connectionCount: () => sessions.size,
    dropConnections: () => {
      for (const session of sessions) session.terminate();
    },
    close: async () => {
      clearInterval(idleCheck);
      for (const session of sessions) session.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.terminate();
      wss.close();
      await replication.stop();
      await rls.close();
      await authorizer.close();
      await databaseBroadcasts.close();
      await catalog.close();
    },
  };
}
