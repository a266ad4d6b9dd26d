/**
 * Realtime's REST broadcast, as realtime-js calls it (paths as seen behind the gateway's /realtime/v1):
 * - POST /api/broadcast {messages:[{topic, event, payload, private}]} — send()'s fallback when not joined;
 * - POST /api/broadcast/<topic>/events/<event>[?private=true] — httpSend(), JSON or octet-stream body.
 * Both answer 202. The caller is the JWT in Authorization (else apikey); a message to a private topic is
 * delivered only when realtime.messages' insert policy lets the caller send there (as hosted: the batch
 * endpoint drops refused messages and still answers 202; the single-event endpoint answers 401).
 */
import type http from 'node:http';
import { checkAccessToken } from './auth.ts';
import { topicKey, type ChannelClaims } from './channel.ts';
import type { ChannelAuthorizer } from './channel-authorization.ts';
import type { TopicHub } from './hub.ts';
import type { UserBroadcast } from './protocol.ts';

const MAX_BODY_BYTES = 3 * 1024 * 1024;

function respond(res: http.ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status, { 'content-length': 0 });
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function callerToken(req: http.IncomingMessage): string | null {
  const authorization = req.headers.authorization;
  if (typeof authorization === 'string' && /^bearer\s+/i.test(authorization)) return authorization.replace(/^bearer\s+/i, '').trim();
  const apiKey = req.headers.apikey;
  return typeof apiKey === 'string' ? apiKey : null;
}

/** Handles a request under /api/broadcast; returns false when the path is not one of them. */
export async function handleBroadcastApi(req: http.IncomingMessage, res: http.ServerResponse, hub: TopicHub, authorizer: ChannelAuthorizer, jwtSecret: string): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(url.pathname);
  if (url.pathname !== '/api/broadcast' && !single) return false;
  if (req.method !== 'POST') {
    respond(res, 405, { message: 'Method Not Allowed' });
    return true;
  }
  const checked = checkAccessToken(callerToken(req), jwtSecret);
  if (!checked.ok) {
    respond(res, 401, { message: checked.reason });
    return true;
  }
  const body = await readBody(req);
  if (body === null) {
    respond(res, 413, { message: 'Payload too large' });
    return true;
  }
  const claims: ChannelClaims = { role: checked.role, claimsJson: JSON.stringify(checked.claims), exp: checked.exp };
  const maySendPrivately = (subTopic: string) => authorizer.maySend(subTopic, claims, 'broadcast');

  if (single) {
    const subTopic = decodeURIComponent(single[1]!);
    const event = decodeURIComponent(single[2]!);
    const isPrivate = url.searchParams.get('private') === 'true';
    if (isPrivate && !(await maySendPrivately(subTopic))) {
      respond(res, 401, { message: `You do not have permissions to write to this Channel topic: ${subTopic}` });
      return true;
    }
    const binary = (req.headers['content-type'] ?? '').startsWith('application/octet-stream');
    let broadcast: UserBroadcast;
    if (binary) {
      broadcast = { event, payload: { encoding: 'binary', bytes: body }, meta: null };
    } else {
      const text = body.toString('utf8');
      try {
        JSON.parse(text);
      } catch {
        respond(res, 400, { message: 'Payload must be JSON' });
        return true;
      }
      broadcast = { event, payload: { encoding: 'json', json: text }, meta: null };
    }
    const topic = `realtime:${subTopic}`;
    hub.broadcast(topicKey(topic, isPrivate), topic, broadcast, null);
    respond(res, 202);
    return true;
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    respond(res, 400, { message: 'Body must be JSON' });
    return true;
  }
  const messages = (parsed as { messages?: unknown })?.messages;
  if (!Array.isArray(messages)) {
    respond(res, 400, { message: 'Body must be {messages: [{topic, event, payload}]}' });
    return true;
  }
  for (const message of messages as Record<string, unknown>[]) {
    if (typeof message?.topic !== 'string' || typeof message.event !== 'string') {
      respond(res, 400, { message: 'Each message needs a string topic and event' });
      return true;
    }
  }
  for (const message of messages as { topic: string; event: string; payload?: unknown; private?: unknown }[]) {
    const isPrivate = message.private === true;
    // As the real server, messages to private topics the caller may not write to are not delivered.
    if (isPrivate && !(await maySendPrivately(message.topic))) continue;
    const topic = `realtime:${message.topic}`;
    const json = JSON.stringify(message.payload === undefined ? {} : message.payload);
    hub.broadcast(topicKey(topic, isPrivate), topic, { event: message.event, payload: { encoding: 'json', json }, meta: null }, null);
  }
  respond(res, 202);
  return true;
}
