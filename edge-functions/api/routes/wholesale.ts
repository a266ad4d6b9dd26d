/**
 * Wholesalers and wholesale orders (shared/src/api/wholesale.ts). Everything a caller may do is decided by the
 * database with the caller's JWT (save_wholesaler, create_wholesale_order, begin_wholesale_order_submission,
 * receive_wholesale_order, authorize_wholesaler_exchange). Only after that does the function use the service role,
 * for the two things a caller must never do directly: read the wholesaler's API key from Vault and record what the
 * wholesaler really answered (wholesale/wholesale-exchange.ts).
 */
import {
  createOrderEndpoint, createWholesalerEndpoint, listWholesalersEndpoint, receiveOrderEndpoint, submitOrderEndpoint,
  syncDueWholesalersEndpoint, syncWholesalerEndpoint, testWholesalerEndpoint, updateWholesalerEndpoint,
} from '@pharmacy/shared/api/wholesale.ts';
import { UUID_PATTERN } from '@pharmacy/shared/common/field-rules.ts';
import {
  type ExchangeResult, type OrderStatus, type ReceiveResult, type WholesalerRow, receiptItemsFrom, wholesalerFromRow,
} from '@pharmacy/shared/inventory/wholesale.ts';
import type { User } from '@supabase/supabase-js';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { isServiceRoleRequest } from '../../_shared/auth.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { deploymentOutboundPolicy } from '../../_shared/outbound-policy.ts';
import { type DatabaseClient, createAdminClient, createUserClient } from '../../_shared/supabase-clients.ts';
import {
  type ExchangeContext, type ExchangeRecord, type ExchangeSetup, type OrderToSend, type Recorded, type WholesaleStore, submitOrder, syncWholesaler,
  testConnection,
} from '../wholesale/wholesale-exchange.ts';

/** How many wholesalers the scheduled sync talks to at once. */
const SYNC_CONCURRENCY = 4;

const WHOLESALER_COLUMNS =
  'id, name, status, status_detail, api_endpoint, account_number, daily_order_cutoff, api_key_last4, last_sync_at, last_exchange_at, partner_id, documents_seen';

function requireId(id: string | undefined, what: 'Wholesaler' | 'Order'): string {
  if (!id || !UUID_PATTERN.test(id)) throw new HttpError(404, `${what} not found`);
  return id;
}

/** The database, as the service role: the key from Vault and the exchange's record. */
function serviceStore(): WholesaleStore {
  const admin = createAdminClient();
  return {
    async setup(wholesalerId, takeControlNumber) {
      const { data, error } = await admin.rpc('wholesaler_exchange_setup', { wholesaler_id: wholesalerId, take_control_number: takeControlNumber });
      if (error) throw databaseFailure('reading the wholesaler connection', error);
      return data as unknown as ExchangeSetup;
    },
    async record(exchange: ExchangeRecord) {
      const { data, error } = await admin.rpc('record_wholesale_exchange', {
        wholesaler_id: exchange.wholesalerId,
        actor_user_id: exchange.actorUserId as string,
        purpose: exchange.purpose,
        order_id: exchange.orderId as string,
        request_method: exchange.requestMethod,
        request_url: exchange.requestUrl,
        request_body: exchange.requestBody as string,
        response_status: exchange.responseStatus as number,
        response_body: exchange.responseBody as string,
        outcome: exchange.outcome,
        detail: exchange.detail,
        documents: exchange.documents as never,
        received_interchange: exchange.receivedInterchange as number,
        order_sent: exchange.orderSent,
      });
      if (error) throw databaseFailure('recording the wholesaler exchange', error);
      return data as unknown as Recorded;
    },
  };
}

function exchangeContext(actor: User | null): ExchangeContext {
  return {
    store: serviceStore(),
    outbound: deploymentOutboundPolicy(),
    actorUserId: actor?.id ?? null,
  };
}

async function readWholesaler(client: DatabaseClient, id: string) {
  const { data, error } = await client.from('wholesalers').select(WHOLESALER_COLUMNS).eq('id', id).maybeSingle();
  if (error) throw databaseFailure('reading the wholesaler', error);
  if (!data) throw new HttpError(404, 'Wholesaler not found');
  return wholesalerFromRow(data as WholesalerRow);
}

async function authorizeExchange(req: Request, wholesalerId: string, purpose: 'test' | 'sync'): Promise<void> {
  const { error } = await createUserClient(req).rpc('authorize_wholesaler_exchange', { wholesaler_id: wholesalerId, purpose });
  if (error) throw databaseFailure('checking the wholesaler exchange', error);
}

async function orderStatus(client: DatabaseClient, orderId: string): Promise<OrderStatus | undefined> {
  const { data } = await client.from('wholesale_orders').select('status').eq('id', orderId).maybeSingle();
  return (data?.status as OrderStatus | undefined) ?? undefined;
}

export function addWholesaleRoutes(router: ApiRouter): void {
  router.serve(listWholesalersEndpoint, async ({ req }) => {
    const { data, error } = await createUserClient(req).from('wholesalers').select(WHOLESALER_COLUMNS).order('name').limit(200);
    if (error) throw databaseFailure('reading the wholesalers', error);
    return { wholesalers: (data as WholesalerRow[]).map(wholesalerFromRow) };
  });

  router.serve(createWholesalerEndpoint, async ({ req, body }) => {
    const client = createUserClient(req);
    const { data, error } = await client.rpc('save_wholesaler', {
      wholesaler_id: null as unknown as string, name: body.name, api_endpoint: body.apiEndpoint, account_number: body.accountNumber,
      daily_order_cutoff: body.dailyOrderCutoff, api_key: body.apiKey, partner_id: body.partnerId,
    });
    if (error) throw databaseFailure('saving the wholesaler', error);
    return readWholesaler(client, (data as { id: string }).id);
  });

  router.serve(updateWholesalerEndpoint, async ({ req, params, body }) => {
    const id = requireId(params.id, 'Wholesaler');
    const client = createUserClient(req);
    const { error } = await client.rpc('save_wholesaler', {
      wholesaler_id: id, name: body.name, api_endpoint: body.apiEndpoint, account_number: body.accountNumber,
      daily_order_cutoff: body.dailyOrderCutoff, api_key: body.apiKey, partner_id: body.partnerId,
    });
    if (error) throw databaseFailure('saving the wholesaler', error);
    return readWholesaler(client, id);
  });

  router.serve(testWholesalerEndpoint, async ({ req, params, user }) => {
    const id = requireId(params.id, 'Wholesaler');
    await authorizeExchange(req, id, 'test');
    return testConnection(exchangeContext(user), id);
  });

  router.serve(syncWholesalerEndpoint, async ({ req, params, user }) => {
    const id = requireId(params.id, 'Wholesaler');
    await authorizeExchange(req, id, 'sync');
    return syncWholesaler(exchangeContext(user), id);
  });

  router.serve(syncDueWholesalersEndpoint, async ({ req }) => {
    if (!isServiceRoleRequest(req)) throw new HttpError(403, 'Only the scheduled sync may call this');
    const { data, error } = await createAdminClient().from('wholesalers').select('id').eq('active', true).order('last_exchange_at', { nullsFirst: true }).limit(500);
    if (error) throw databaseFailure('listing the wholesalers to sync', error);
    let synced = 0;
    let failed = 0;
    const queue = (data ?? []).map((row) => row.id);
    // A few at a time: one slow wholesaler does not hold up the rest, and no wholesaler sees a burst.
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const result = await syncWholesaler(exchangeContext(null), id).catch((failure: unknown): ExchangeResult => {
          console.error(`scheduled sync of wholesaler ${id} failed:`, failure);
          return { ok: false, message: String(failure), documents: [] };
        });
        if (result.ok) synced++;
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: SYNC_CONCURRENCY }, worker));
    return { synced, failed };
  });

  router.serve(createOrderEndpoint, async ({ req, body }) => {
    const { data, error } = await createUserClient(req).rpc('create_wholesale_order', {
      wholesaler_id: body.wholesalerId,
      lines: body.lines as never,
      controlled_order_form: (body.controlledOrder?.form ?? null) as string,
      controlled_order_number: (body.controlledOrder?.number ?? null) as string,
    });
    if (error) throw databaseFailure('creating the order', error);
    const order = data as { id: string; po_number: string; status: OrderStatus };
    return { id: order.id, poNumber: order.po_number, status: order.status };
  });

  router.serve(submitOrderEndpoint, async ({ req, params, user }) => {
    const id = requireId(params.id, 'Order');
    const client = createUserClient(req);
    const { data, error } = await client.rpc('begin_wholesale_order_submission', { order_id: id });
    if (error) throw databaseFailure('submitting the order', error);
    const begun = data as unknown as { sendByEdi: boolean; wholesalerId: string } & OrderToSend;
    if (!begun.sendByEdi) {
      return { ok: true, message: 'Schedule II order recorded with its DEA Form 222 / CSOS number: nothing is sent by EDI', status: 'submitted', documents: [] };
    }
    const result = await submitOrder(exchangeContext(user), begun.wholesalerId, begun);
    const status = await orderStatus(client, id);
    return { ...result, ...(status ? { status } : {}) };
  });

  router.serve(receiveOrderEndpoint, async ({ req, params, body }) => {
    const id = requireId(params.id, 'Order');
    const client = createUserClient(req);
    const { data: lines, error: linesError } = await client.from('wholesale_order_lines').select('ndc, substitute_ndc').eq('order_id', id);
    if (linesError) throw databaseFailure('reading the order', linesError);
    if (!lines || lines.length === 0) throw new HttpError(404, 'Order not found');
    const orderNdcs = new Set(lines.flatMap((line) => [line.ndc, line.substitute_ndc].filter((ndc): ndc is string => ndc !== null)));
    const items = receiptItemsFrom(body, orderNdcs);
    if (!items.ok) throw new HttpError(400, items.errors.join('; '));
    const { data, error } = await client.rpc('receive_wholesale_order', { order_id: id, items: items.items as never });
    if (error) throw databaseFailure('receiving the order', error);
    return data as unknown as ReceiveResult;
  });
}
