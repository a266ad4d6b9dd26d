/**
 * Decoder for PostgreSQL's pgoutput logical replication messages (protocol version 1), keeping column
 * values as the server's text output so that they can be turned into the JSON values Supabase sends.
 * https://www.postgresql.org/docs/current/protocol-logicalrep-message-formats.html
 */

export interface RelationColumn {
  /** Part of the replica identity key. */
  isKey: boolean;
  name: string;
  typeOid: number;
}

export interface RelationMessage {
  tag: 'relation';
  relationOid: number;
  schema: string;
  table: string;
  replicaIdentity: 'default' | 'nothing' | 'full' | 'index';
  columns: RelationColumn[];
}

/** A tuple's values: text, null, or undefined for an unchanged TOASTed value that was not sent. */
export type TupleValues = (string | null | undefined)[];

export interface BeginMessage {
  tag: 'begin';
  finalLsn: bigint;
  /** Microseconds since 2000-01-01 UTC. */
  commitTime: bigint;
  xid: number;
}

export interface CommitMessage {
  tag: 'commit';
  commitLsn: bigint;
  endLsn: bigint;
  commitTime: bigint;
}

export interface InsertMessage {
  tag: 'insert';
  relationOid: number;
  newTuple: TupleValues;
}

export interface UpdateMessage {
  tag: 'update';
  relationOid: number;
  /** 'K': only key columns are meaningful; 'O': the full old row (REPLICA IDENTITY FULL); null: not sent. */
  oldKind: 'K' | 'O' | null;
  oldTuple: TupleValues | null;
  newTuple: TupleValues;
}

export interface DeleteMessage {
  tag: 'delete';
  relationOid: number;
  oldKind: 'K' | 'O';
  oldTuple: TupleValues;
}

export interface OtherMessage {
  tag: 'other';
}

export type PgoutputMessage = RelationMessage | BeginMessage | CommitMessage | InsertMessage | UpdateMessage | DeleteMessage | OtherMessage;

const textDecoder = new TextDecoder('utf-8');

class Reader {
  offset = 0;
  constructor(private readonly buffer: Buffer) {}

  uint8(): number {
    return this.buffer.readUInt8(this.offset++);
  }

  int16(): number {
    const value = this.buffer.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }

  int32(): number {
    const value = this.buffer.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  uint32(): number {
    const value = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  int64(): bigint {
    const value = this.buffer.readBigInt64BE(this.offset);
    this.offset += 8;
    return value;
  }

  cString(): string {
    const end = this.buffer.indexOf(0, this.offset);
    if (end < 0) throw new Error('pgoutput: unterminated string');
    const value = textDecoder.decode(this.buffer.subarray(this.offset, end));
    this.offset = end + 1;
    return value;
  }

  text(length: number): string {
    const value = textDecoder.decode(this.buffer.subarray(this.offset, this.offset + length));
    this.offset += length;
    return value;
  }
}

function readTuple(reader: Reader): TupleValues {
  const count = reader.int16();
  const values: TupleValues = new Array(count);
  for (let i = 0; i < count; i++) {
    const kind = reader.uint8();
    if (kind === 0x74 /* t */ || kind === 0x62 /* b */) {
      values[i] = reader.text(reader.int32());
    } else if (kind === 0x6e /* n */) {
      values[i] = null;
    } else if (kind === 0x75 /* u */) {
      values[i] = undefined;
    } else {
      throw new Error(`pgoutput: unknown tuple value kind ${kind}`);
    }
  }
  return values;
}

const REPLICA_IDENTITY: Record<number, RelationMessage['replicaIdentity']> = {
  0x64: 'default',
  0x6e: 'nothing',
  0x66: 'full',
  0x69: 'index',
};

/** Decodes one pgoutput message (the payload of an XLogData frame). */
export function decodePgoutput(buffer: Buffer): PgoutputMessage {
  const reader = new Reader(buffer);
  const tag = reader.uint8();
  switch (tag) {
    case 0x42 /* B */: {
      const finalLsn = reader.int64();
      const commitTime = reader.int64();
      const xid = reader.uint32();
      return { tag: 'begin', finalLsn, commitTime, xid };
    }
    case 0x43 /* C */: {
      reader.uint8();
      const commitLsn = reader.int64();
      const endLsn = reader.int64();
      const commitTime = reader.int64();
      return { tag: 'commit', commitLsn, endLsn, commitTime };
    }
    case 0x52 /* R */: {
      const relationOid = reader.uint32();
      const schema = reader.cString();
      const table = reader.cString();
      const replicaIdentity = REPLICA_IDENTITY[reader.uint8()] ?? 'default';
      const count = reader.int16();
      const columns: RelationColumn[] = [];
      for (let i = 0; i < count; i++) {
        const flags = reader.uint8();
        const name = reader.cString();
        const typeOid = reader.uint32();
        reader.int32(); // type modifier
        columns.push({ isKey: (flags & 1) === 1, name, typeOid });
      }
      return { tag: 'relation', relationOid, schema, table, replicaIdentity, columns };
    }
    case 0x49 /* I */: {
      const relationOid = reader.uint32();
      reader.uint8(); // 'N'
      return { tag: 'insert', relationOid, newTuple: readTuple(reader) };
    }
    case 0x55 /* U */: {
      const relationOid = reader.uint32();
      let marker = reader.uint8();
      let oldKind: UpdateMessage['oldKind'] = null;
      let oldTuple: TupleValues | null = null;
      if (marker === 0x4b /* K */ || marker === 0x4f /* O */) {
        oldKind = marker === 0x4b ? 'K' : 'O';
        oldTuple = readTuple(reader);
        marker = reader.uint8();
      }
      if (marker !== 0x4e /* N */) throw new Error('pgoutput: update without new tuple');
      return { tag: 'update', relationOid, oldKind, oldTuple, newTuple: readTuple(reader) };
    }
    case 0x44 /* D */: {
      const relationOid = reader.uint32();
      const marker = reader.uint8();
      return { tag: 'delete', relationOid, oldKind: marker === 0x4f ? 'O' : 'K', oldTuple: readTuple(reader) };
    }
    default:
      // Origin, Type, Truncate, Message: nothing Supabase's postgres_changes reports.
      return { tag: 'other' };
  }
}

/** Postgres epoch (2000-01-01) in Unix milliseconds. */
const POSTGRES_EPOCH_MS = 946_684_800_000n;

/** Formats a commit time as Supabase does: to_char(... at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'). */
export function formatCommitTimestamp(microsSince2000: bigint): string {
  const millis = Number(microsSince2000 / 1000n + POSTGRES_EPOCH_MS);
  return new Date(millis).toISOString();
}
