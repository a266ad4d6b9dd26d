/**
 * Keep-alive connections from the gateway to one upstream part: idle sockets are reused (most recent
 * first), new ones are opened up to a cap, and requests beyond the cap wait in line. Each socket's
 * listeners are attached once and forward to whichever exchange currently owns it, so a request
 * allocates no listeners of its own.
 */
import net from 'node:net';

/** The side of an exchange that receives what its upstream socket does. */
export interface UpstreamOwner {
  /** Called when a socket becomes available for an owner that had to wait. */
  onUpstreamAssigned(connection: UpstreamConnection): void;
  onUpstreamData(chunk: Buffer): void;
  /** The upstream finished sending (FIN). */
  onUpstreamEnd(): void;
  /** The socket is gone (after an error, a reset or its end). */
  onUpstreamClose(): void;
  onUpstreamDrain(): void;
}

export class UpstreamConnection {
  readonly socket: net.Socket;
  owner: UpstreamOwner | null = null;
  /** True once it has served an exchange: an idle socket the upstream may have closed meanwhile. */
  reused = false;
  closed = false;

  constructor(readonly pool: UpstreamPool, port: number) {
    this.socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      if (this.owner) this.owner.onUpstreamData(chunk);
      // Bytes on an idle connection belong to no request: the connection cannot be trusted any more.
      else this.socket.destroy();
    });
    this.socket.on('end', () => this.owner?.onUpstreamEnd());
    this.socket.on('drain', () => this.owner?.onUpstreamDrain());
    this.socket.on('error', () => {
      // 'close' follows and does the cleanup.
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.pool.forget(this);
      const owner = this.owner;
      this.owner = null;
      owner?.onUpstreamClose();
    });
  }
}

export class UpstreamPool {
  private readonly idle: UpstreamConnection[] = [];
  private readonly waiting: UpstreamOwner[] = [];
  private open = 0;

  constructor(
    private readonly port: number,
    private readonly maxSockets = 512,
    private readonly maxIdle = 64,
  ) {}

  /** A connection for `owner` now, or null when it has been queued (onUpstreamAssigned follows). */
  acquire(owner: UpstreamOwner): UpstreamConnection | null {
    const reusable = this.idle.pop();
    if (reusable) {
      reusable.owner = owner;
      return reusable;
    }
    if (this.open < this.maxSockets) return this.connect(owner);
    this.waiting.push(owner);
    return null;
  }

  /** A connection that was not idle before: for retrying a request whose reused socket had gone stale. */
  acquireFresh(owner: UpstreamOwner): UpstreamConnection | null {
    if (this.open < this.maxSockets) return this.connect(owner);
    this.waiting.push(owner);
    return null;
  }

  /** Drops a queued owner that no longer needs a connection (its client went away). */
  cancel(owner: UpstreamOwner): void {
    const index = this.waiting.indexOf(owner);
    if (index >= 0) this.waiting.splice(index, 1);
  }

  /** Returns a connection whose exchange completed cleanly. */
  release(connection: UpstreamConnection): void {
    connection.owner = null;
    if (connection.closed) return;
    connection.reused = true;
    const next = this.waiting.shift();
    if (next) {
      connection.owner = next;
      next.onUpstreamAssigned(connection);
      return;
    }
    if (this.idle.length >= this.maxIdle) {
      connection.socket.destroy();
      return;
    }
    this.idle.push(connection);
  }

  /** Closes a connection that cannot carry another exchange. */
  discard(connection: UpstreamConnection): void {
    connection.owner = null;
    connection.socket.destroy();
  }

  /** Called by a connection once its socket closed. */
  forget(connection: UpstreamConnection): void {
    const index = this.idle.indexOf(connection);
    if (index >= 0) this.idle.splice(index, 1);
    this.open--;
    const next = this.waiting.shift();
    if (next) next.onUpstreamAssigned(this.connect(next));
  }

  private connect(owner: UpstreamOwner): UpstreamConnection {
    this.open++;
    const connection = new UpstreamConnection(this, this.port);
    connection.owner = owner;
    return connection;
  }
}
