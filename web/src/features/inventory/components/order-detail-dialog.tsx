/**
 * An order in full: each line from ordered to acknowledged (855), shipped (856), received and invoiced (810); the
 * ship notice's lots, expiries and serial numbers (the DSCSA transaction information kept with the order); the X12
 * documents exchanged; and what does not match.
 */
import { formatNdc } from '@pharmacy/shared/drugs/ndc.ts';
import { formatCents } from '@pharmacy/shared/common/money.ts';
import { LINE_ACK_LABELS } from '@pharmacy/shared/inventory/wholesale.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryErrorNotice } from '../../../components/ui/query-state.tsx';
import { useWholesaleOrder } from '../api/get-wholesale-order.ts';
import type { WholesaleOrderRow } from '../api/get-wholesale-orders.ts';
import { shownTime } from './wholesalers-tab.tsx';

export function OrderDetailDialog({ pharmacyId, order, onClose }: { pharmacyId: string; order: WholesaleOrderRow | null; onClose: () => void }) {
  const detail = useWholesaleOrder(pharmacyId, order?.id ?? null);
  const data = detail.data;
  return (
    <Dialog open={order !== null} onClose={onClose} title={order ? `${order.poNumber} — ${order.wholesalerName}` : ''} size="table" closeButton>
      {order ? (
        <div className="flex flex-col gap-4 text-sm">
          <QueryErrorNotice query={detail} errorText="The order could not be loaded" />
          {order.statusDetail ? <p>{order.statusDetail}</p> : null}
          {data ? (
            <>
              <table className="table table-sm" aria-label="Order lines">
                <thead><tr><th>Product</th><th>NDC</th><th>Ordered</th><th>Acknowledged</th><th>Shipped</th><th>Received</th><th>Invoiced</th><th>Price</th></tr></thead>
                <tbody>
                  {data.lines.map((line) => (
                    <tr key={line.lineNumber}>
                      <td>{line.productName}</td>
                      <td className="font-mono">{formatNdc(line.ndc)}</td>
                      <td>{line.quantity}</td>
                      <td>{line.ackStatus ? `${LINE_ACK_LABELS[line.ackStatus] ?? line.ackStatus} ${line.ackQuantity ?? ''}` : '—'}{line.substituteNdc ? ` by ${formatNdc(line.substituteNdc)}` : ''}</td>
                      <td>{line.shipped}</td>
                      <td>{line.received}</td>
                      <td>{line.invoiced ?? '—'}</td>
                      <td>{line.invoicedUnitCents !== null ? formatCents(line.invoicedUnitCents) : line.unitCostCents !== null ? formatCents(line.unitCostCents) : 'Contract'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {data.discrepancies.length > 0 ? (
                <section aria-label="Discrepancies">
                  <h3 className="font-semibold">Discrepancies</h3>
                  <ul className="list-disc pl-5 text-warning">
                    {data.discrepancies.map((item, index) => <li key={index}>NDC {formatNdc(item.ndc)}{item.lot ? `, lot ${item.lot}` : ''}: {item.issue}</li>)}
                  </ul>
                </section>
              ) : null}
              {data.shipment.length > 0 ? (
                <section aria-label="Ship notice">
                  <h3 className="font-semibold">Ship notice (DSCSA transaction information)</h3>
                  <table className="table table-sm">
                    <thead><tr><th>NDC</th><th>Lot</th><th>Expires</th><th>Packages</th><th>Serial numbers</th></tr></thead>
                    <tbody>
                      {data.shipment.map((item, index) => (
                        <tr key={index}>
                          <td className="font-mono">{formatNdc(item.ndc)}</td>
                          <td>{item.lot}</td>
                          <td>{item.expiry ?? '—'}</td>
                          <td>{item.packages}</td>
                          <td className="font-mono text-xs">{item.serials.join(', ') || '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
              ) : null}
              <section aria-label="Documents">
                <h3 className="font-semibold">Documents exchanged</h3>
                {data.documents.length === 0 ? <p className="text-base-content/70">None yet.</p> : (
                  <ul className="pl-1">
                    {data.documents.map((document, index) => (
                      <li key={index}>X12 {document.set} {document.direction === 'out' ? 'sent' : 'received'} {shownTime(document.receivedAt)} (interchange {document.controlNumber})</li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
