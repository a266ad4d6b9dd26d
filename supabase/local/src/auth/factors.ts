/**
 * auth.mfa_factors and auth.mfa_challenges as GoTrue reads and writes them (models.Factor, models.Challenge), and
 * the factor JSON of the user object (`factors`, omitted when the user has none).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';
import type { JsonObject } from './http.ts';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
  expired: boolean;
}

const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, created_at, updated_at,
  secret, phone, last_challenged_at`;

export async function loadFactors(db: Queryable, userIds: string[]): Promise<Map<string, FactorRow[]>> {
  const byUser = new Map<string, FactorRow[]>();
  if (userIds.length === 0) return byUser;
  const result = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at, id`,
    [userIds],
  );
  for (const row of result.rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(row);
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** A factor of this user (GoTrue's FindOwnedFactorByID), locked for the rest of the transaction when asked. */
export async function findOwnedFactor(db: Queryable, userId: string, factorId: string, { forUpdate = false } = {}): Promise<FactorRow | null> {
  const result = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2${forUpdate ? ' for update' : ''}`,
    [factorId, userId],
  );
  return result.rows[0] ?? null;
}

/** GoTrue's User.HasMFAEnabled: the user has at least one verified factor. */
export async function hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [userId]);
  return (result.rowCount ?? 0) > 0;
}

/** GoTrue's DeleteExpiredFactors: unverified factors never challenged, older than the validity. */
export async function deleteExpiredFactors(db: Queryable, validitySeconds: number): Promise<void> {
  await db.query(
    `delete from auth.mfa_factors f
      where f.status <> 'verified'
        and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
        and f.created_at + make_interval(secs => $1::float8) < now()`,
    [validitySeconds],
  );
}

export async function insertTotpFactor(db: Queryable, userId: string, friendlyName: string, secret: string): Promise<FactorRow> {
  const result = await db.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)
     returning ${FACTOR_COLUMNS}`,
    [randomUUID(), userId, friendlyName, secret],
  );
  return result.rows[0] as FactorRow;
}

export async function insertChallenge(db: Queryable, factorId: string, ipAddress: string): Promise<{ id: string; created_at: Date }> {
  const result = await db.query<{ id: string; created_at: Date }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet) returning id, created_at`,
    [randomUUID(), factorId, ipAddress],
  );
  await db.query(`update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1`, [factorId]);
  return result.rows[0] as { id: string; created_at: Date };
}

/** A challenge of the factor, locked (two verifications of one challenge are serialised). */
export async function findChallenge(db: Queryable, factorId: string, challengeId: string, expirySeconds: number): Promise<ChallengeRow | null> {
  const result = await db.query<ChallengeRow>(
    `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address,
            created_at + make_interval(secs => $3::float8) < now() as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
    [challengeId, factorId, expirySeconds],
  );
  return result.rows[0] ?? null;
}

/** The last TOTP time step accepted for the factor (kept on its verified challenges), or null. */
export async function lastAcceptedStep(db: Queryable, factorId: string): Promise<number | null> {
  const result = await db.query<{ step: string | null }>(
    `select max(otp_code::bigint)::text as step from auth.mfa_challenges
      where factor_id = $1 and verified_at is not null and otp_code ~ '^[0-9]+$'`,
    [factorId],
  );
  const step = result.rows[0]?.step;
  return step === null || step === undefined ? null : Number(step);
}

export async function markChallengeVerified(db: Queryable, challengeId: string, acceptedStep: number): Promise<void> {
  await db.query(`update auth.mfa_challenges set verified_at = now(), otp_code = $2 where id = $1`, [challengeId, String(acceptedStep)]);
}

export async function markFactorVerified(db: Queryable, factorId: string): Promise<void> {
  await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factorId]);
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** A factor as the user object lists it (secret never included). */
export function factorJson(factor: FactorRow): JsonObject {
  const json: JsonObject = {
    id: factor.id,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    status: factor.status,
  };
  if (factor.friendly_name) json.friendly_name = factor.friendly_name;
  json.factor_type = factor.factor_type;
  json.phone = factor.phone ?? '';
  json.last_challenged_at = iso(factor.last_challenged_at);
  return json;
}
