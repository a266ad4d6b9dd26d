/**
 * Presence for one topic, as Phoenix.Presence reports it to realtime-js: state
 * {key: {metas: [{phx_ref, ...payload}]}} and diffs {joins, leaves} in the same shape. Each joined channel
 * tracks at most one meta under its presence key; tracking again replaces it (leave old, join new with
 * phx_ref_prev), as Presence.update does.
 */
import { randomBytes } from 'node:crypto';

export type PresenceMeta = Record<string, unknown> & { phx_ref: string };
export type PresenceState = Record<string, { metas: PresenceMeta[] }>;
export interface PresenceDiff {
  joins: PresenceState;
  leaves: PresenceState;
}

interface Tracked {
  key: string;
  meta: PresenceMeta;
}

function presenceRef(): string {
  return randomBytes(12).toString('base64url');
}

function single(key: string, meta: PresenceMeta): PresenceState {
  return { [key]: { metas: [meta] } };
}

/** Presence entries of one topic, keyed by the tracking channel (any object identifying it). */
export class TopicPresence<Owner extends object> {
  private readonly tracked = new Map<Owner, Tracked>();

  get isEmpty(): boolean {
    return this.tracked.size === 0;
  }

  state(): PresenceState {
    const state: PresenceState = {};
    for (const { key, meta } of this.tracked.values()) {
      (state[key] ??= { metas: [] }).metas.push(meta);
    }
    return state;
  }

  track(owner: Owner, key: string, payload: Record<string, unknown>): PresenceDiff {
    const previous = this.tracked.get(owner);
    const meta: PresenceMeta = { ...payload, phx_ref: presenceRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    this.tracked.set(owner, { key, meta });
    return { joins: single(key, meta), leaves: previous ? single(previous.key, previous.meta) : {} };
  }

  /** Returns the diff, or null when the owner tracked nothing. */
  untrack(owner: Owner): PresenceDiff | null {
    const previous = this.tracked.get(owner);
    if (!previous) return null;
    this.tracked.delete(owner);
    return { joins: {}, leaves: single(previous.key, previous.meta) };
  }
}
