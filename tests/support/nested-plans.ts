/**
 * The plans Postgres chose for the statements run INSIDE functions (auto_explain with nested statements, logged
 * to the client), for a statement run as a signed-in user. EXPLAIN of the outer call shows only "Function Scan";
 * this shows the index each inner query used.
 */
import pg from 'pg';
import { stackEnv } from './stack-env.ts';

export async function nestedPlansOf(userId: string, statement: string, params: unknown[] = []): Promise<string[]> {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    await client.query('begin');
    // auto_explain is loaded and set as superuser, then the statement runs as the user (RLS applying).
    await client.query(`load 'auto_explain'`);
    await client.query('set local auto_explain.log_min_duration = 0');
    await client.query('set local auto_explain.log_nested_statements = on');
    await client.query('set local client_min_messages = log');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
    await client.query('set local role authenticated');
    const plans: string[] = [];
    client.on('notice', (notice) => plans.push(notice.message ?? ''));
    await client.query(statement, params);
    return plans;
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}
