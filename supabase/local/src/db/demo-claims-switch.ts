/**
 * The demo pharmacy's claims switch (src/claims-switch/), so `npm start` can bill its fills: on every start (the port
 * may change between runs) the demo pharmacy's Transmission settings send claims to CLAIMS_SWITCH_URL
 * (`claimsProcessorUrl`, the architecture brief's claims row) with insurance claims on. Other Transmission values the
 * demo's admin saved are kept. Nothing happens on a database without the demo pharmacy (the seed's
 * admin@demo.pharmacy). Local only: a hosted pharmacy enters its real switch in System Settings → Transmission.
 */
import type pg from 'pg';
import type { StackConfig } from '../config.ts';

export async function connectDemoClaimsSwitch(client: pg.ClientBase, config: StackConfig): Promise<void> {
  await client.query(
    `insert into public.pharmacy_settings as ps (pharmacy_id, group_key, settings)
     select s.pharmacy_id, 'transmission', $1::jsonb
     from public.staff_profiles s where s.email = 'admin@demo.pharmacy'
     on conflict (pharmacy_id, group_key) do update set settings = ps.settings || excluded.settings
       -- Only when the address moved: an unchanged start writes (and audits) nothing.
       where ps.settings ->> 'claimsProcessorUrl' is distinct from excluded.settings ->> 'claimsProcessorUrl'`,
    [JSON.stringify({ claimsProcessorUrl: config.claimsSwitchUrl, insuranceClaimsEnabled: true, enableRealtimeClaims: true, claimsProcessor: 'clearinghouse' })],
  );
}
