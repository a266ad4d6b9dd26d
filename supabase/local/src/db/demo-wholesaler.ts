/**
 * The demo pharmacy's connection to the stack's test wholesaler (src/wholesaler/), so `npm start` can order and
 * receive: on every start (the port may change between runs) the demo pharmacy's "Test Wholesaler" row points at
 * WHOLESALER_URL and its key, `demo-wholesaler-key`, is in Vault under the name the api function reads
 * (private.wholesaler_secret_name). Nothing happens on a database without the demo pharmacy (the seed's
 * admin@demo.pharmacy). Local only: a hosted pharmacy adds its real wholesalers on the Wholesalers tab.
 */
import type pg from 'pg';
import type { StackConfig } from '../config.ts';

export const DEMO_WHOLESALER = {
  name: 'Test Wholesaler',
  accountNumber: '100200',
  partnerId: 'TESTWHOLESALER',
  dailyOrderCutoff: '15:30',
  apiKey: 'demo-wholesaler-key',
} as const;

export async function connectDemoWholesaler(client: pg.ClientBase, config: StackConfig): Promise<void> {
  await client.query('begin');
  try {
    const { rows } = await client.query<{ id: string }>(
      `insert into public.wholesalers as w (pharmacy_id, name, api_endpoint, account_number, daily_order_cutoff, partner_id, api_key_last4)
       select s.pharmacy_id, $1, $2, $3, $4::time, $5, right($6, 4)
       from public.staff_profiles s where s.email = 'admin@demo.pharmacy'
       on conflict (pharmacy_id, lower(name)) do update set api_endpoint = excluded.api_endpoint
       returning w.id`,
      [DEMO_WHOLESALER.name, config.wholesalerUrl, DEMO_WHOLESALER.accountNumber, DEMO_WHOLESALER.dailyOrderCutoff, DEMO_WHOLESALER.partnerId, DEMO_WHOLESALER.apiKey],
    );
    const id = rows[0]?.id;
    if (id) {
      const secret = `wholesaler:${id}:api_key`;
      const existing = await client.query<{ id: string }>('select id from vault.secrets where name = $1', [secret]);
      if (existing.rows[0]) await client.query('select vault.update_secret($1, $2)', [existing.rows[0].id, DEMO_WHOLESALER.apiKey]);
      else await client.query('select vault.create_secret($1, $2, $3)', [DEMO_WHOLESALER.apiKey, secret, 'Wholesaler API key: Test Wholesaler (demo)']);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
