/**
 * Receive an order: scan each package's GS1 DataMatrix (a keyboard-wedge scanner types it into the field and
 * presses Enter) or type its data; each scan is read at once (GTIN → NDC on the order, expiry, lot, serial) so a
 * wrong package is caught at the counter; a package without a barcode is entered by hand (NDC, lot, expiry,
 * packages). Receive posts them all in one transaction (POST /api/inventory/orders/{id}/receive) and shows what was
 * received and every discrepancy against the ship notice and the invoice.
 */
import { parseGs1ElementString } from '@pharmacy/shared/inventory/gs1.ts';
import { formatNdc } from '@pharmacy/shared/drugs/ndc.ts';
import { type ReceiveResult, receiptItemsFrom, receiveLineSchema, WHOLESALE_MESSAGES } from '@pharmacy/shared/inventory/wholesale.ts';
import { type FormEvent, type KeyboardEvent, useMemo, useState } from 'react';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useWholesaleOrder } from '../api/get-wholesale-order.ts';
import type { WholesaleOrderRow } from '../api/get-wholesale-orders.ts';
import { useReceiveWholesaleOrder } from '../api/receive-wholesale-order.ts';

interface ScannedPackage {
  raw: string;
  ndc11: string;
  lot: string;
  expiry: string;
  serial: string | null;
  warnings: string[];
}

interface TypedLine {
  ndc: string;
  lot: string;
  expiration: string;
  quantity: number;
}

export function ReceiveOrderDialog({ pharmacyId, order, onClose }: { pharmacyId: string; order: WholesaleOrderRow | null; onClose: () => void }) {
  // One mutation for the dialog: it cannot be closed while a receipt is being posted (closing and typing the lines
  // again would post the stock twice).
  const receive = useReceiveWholesaleOrder();
  const close = () => {
    receive.reset();
    onClose();
  };
  return (
    <Dialog open={order !== null} onClose={close} dismissible={!receive.isPending}
      title={order ? `Receive ${order.poNumber} from ${order.wholesalerName}` : 'Receive'} size="table">
      {order ? <ReceiveOrderBody pharmacyId={pharmacyId} order={order} receive={receive} onClose={close} /> : null}
    </Dialog>
  );
}

function ReceiveOrderBody({ pharmacyId, order, receive, onClose }: {
  pharmacyId: string;
  order: WholesaleOrderRow;
  receive: ReturnType<typeof useReceiveWholesaleOrder>;
  onClose: () => void;
}) {
  const detail = useWholesaleOrder(pharmacyId, order.id);
  const [scan, setScan] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const [scanned, setScanned] = useState<ScannedPackage[]>([]);
  const [typed, setTyped] = useState<TypedLine[]>([]);
  const [manual, setManual] = useState({ ndc: '', lot: '', expiration: '', quantity: '1' });
  const [manualError, setManualError] = useState<string | null>(null);
  const [result, setResult] = useState<ReceiveResult | null>(null);

  const orderNdcs = useMemo(
    () => new Set((detail.data?.lines ?? []).flatMap((line) => [line.ndc, line.substituteNdc].filter((ndc): ndc is string => ndc !== null))),
    [detail.data],
  );
  const productOf = (ndc11: string) => detail.data?.lines.find((line) => line.ndc === ndc11 || line.substituteNdc === ndc11)?.productName ?? '';

  function addScan() {
    const text = scan.trim();
    if (text === '') return;
    const checked = receiptItemsFrom({ scans: [...scanned.map((item) => item.raw), text], lines: [] }, orderNdcs);
    if (!checked.ok) {
      setScanError(checked.errors.at(-1)!.replace(/^Scan \d+: /, ''));
      return;
    }
    const item = checked.items.at(-1)!;
    const parsed = parseGs1ElementString(text);
    setScanned([...scanned, { raw: text, ndc11: item.ndc11, lot: item.lot, expiry: item.expiry, serial: item.serial ?? null, warnings: parsed.ok ? parsed.value.warnings : [] }]);
    setScan('');
    setScanError(null);
  }

  function onScanKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      addScan();
    }
  }

  function addManual(event: FormEvent) {
    event.preventDefault();
    // The endpoint's own rule for a typed line, then whether the order holds it.
    const parsed = receiveLineSchema.safeParse(manual);
    if (!parsed.success) return setManualError(parsed.error.issues[0]!.message);
    if (!orderNdcs.has(parsed.data.ndc)) return setManualError(WHOLESALE_MESSAGES.notOnOrder(formatNdc(parsed.data.ndc)));
    setTyped([...typed, parsed.data]);
    setManual({ ndc: '', lot: '', expiration: '', quantity: '1' });
    setManualError(null);
  }

  const packages = scanned.length + typed.reduce((sum, line) => sum + line.quantity, 0);

  function submit() {
    receive.mutate({ orderId: order.id, body: { scans: scanned.map((item) => item.raw), lines: typed } }, {
      onSuccess: (received) => {
        setResult(received);
        setScanned([]);
        setTyped([]);
        toast({ title: 'Stock received', description: `${received.received.reduce((sum, item) => sum + item.packages, 0)} package(s) of ${order.poNumber} posted to the inventory.` });
      },
    });
  }

  return (
    <div className="flex flex-col gap-4">
      {detail.data ? (
        <details className="rounded-box border border-base-300 p-3 text-sm" open>
          <summary className="cursor-pointer font-medium">What the order expects</summary>
          <table className="table table-sm mt-2">
            <thead><tr><th>Product</th><th>NDC</th><th>Ordered</th><th>Shipped</th><th>Received</th></tr></thead>
            <tbody>
              {detail.data.lines.map((line) => (
                <tr key={line.lineNumber}>
                  <td>{line.productName}{line.substituteNdc ? ` (substitute ${formatNdc(line.substituteNdc)})` : ''}</td>
                  <td className="font-mono">{formatNdc(line.ndc)}</td>
                  <td>{line.quantity}</td>
                  <td>{line.shipped}</td>
                  <td>{line.received}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}

      <div>
        <TextField
          label="Scan package barcode"
          hint="Scan the square GS1 DataMatrix on each package, or type its data, e.g. (01)00300710155233(17)281130(10)LOT1(21)SN1, then Enter"
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          value={scan}
          error={scanError ?? undefined}
          onChange={(event) => setScan(event.target.value)}
          onKeyDown={onScanKey}
        />
      </div>

      {scanned.length > 0 || typed.length > 0 ? (
        <table className="table table-sm" aria-label="Packages to receive">
          <thead><tr><th>Product</th><th>NDC</th><th>Lot</th><th>Expires</th><th>Serial</th><th>Packages</th><th><span className="sr-only">Remove</span></th></tr></thead>
          <tbody>
            {scanned.map((item, index) => (
              <tr key={`s${index}:${item.raw}`}>
                <td>{productOf(item.ndc11)}{item.warnings.length > 0 ? <span className="block text-xs text-warning">{item.warnings.join(' ')}</span> : null}</td>
                <td className="font-mono">{formatNdc(item.ndc11)}</td>
                <td>{item.lot}</td>
                <td>{item.expiry}</td>
                <td className="font-mono">{item.serial ?? '—'}</td>
                <td>1</td>
                <td><button type="button" className="btn btn-ghost btn-xs" aria-label={`Remove scan ${index + 1}`} onClick={() => setScanned(scanned.filter((_, i) => i !== index))}>✕</button></td>
              </tr>
            ))}
            {typed.map((line, index) => (
              <tr key={`t${index}`}>
                <td>{productOf(line.ndc)}</td>
                <td className="font-mono">{formatNdc(line.ndc)}</td>
                <td>{line.lot}</td>
                <td>{line.expiration}</td>
                <td>typed</td>
                <td>{line.quantity}</td>
                <td><button type="button" className="btn btn-ghost btn-xs" aria-label={`Remove typed line ${index + 1}`} onClick={() => setTyped(typed.filter((_, i) => i !== index))}>✕</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <details className="rounded-box border border-base-300 p-3">
        <summary className="cursor-pointer text-sm font-medium">Enter a package without a readable barcode</summary>
        <form className="mt-2 grid items-end gap-2 sm:grid-cols-5" noValidate onSubmit={addManual}>
          <TextField label="NDC" value={manual.ndc} onChange={(event) => setManual({ ...manual, ndc: event.target.value })} />
          <TextField label="Lot" value={manual.lot} onChange={(event) => setManual({ ...manual, lot: event.target.value })} />
          <TextField label="Expires" type="date" value={manual.expiration} onChange={(event) => setManual({ ...manual, expiration: event.target.value })} />
          <TextField label="Packages" inputMode="numeric" value={manual.quantity} onChange={(event) => setManual({ ...manual, quantity: event.target.value })} />
          <button type="submit" className="btn btn-sm mb-1">Add</button>
        </form>
        {manualError ? <p role="alert" className="mt-1 text-sm text-error">{manualError}</p> : null}
      </details>

      {receive.error ? <p role="alert" className="alert alert-error alert-soft">{receive.error.message}</p> : null}
      {result ? (
        <section aria-label="Receipt" className="rounded-box border border-base-300 p-3 text-sm">
          <p className="font-medium">
            Received {result.received.reduce((sum, item) => sum + item.packages, 0)} package(s) ({result.received.reduce((sum, item) => sum + item.units, 0).toLocaleString('en-US')} units). Order is now {result.status.replace('_', ' ')}.
          </p>
          {result.discrepancies.length === 0 ? (
            <p className="text-success">No discrepancies against the ship notice and invoice.</p>
          ) : (
            <ul className="list-disc pl-5 text-warning" aria-label="Discrepancies">
              {result.discrepancies.map((item, index) => (
                <li key={index}>NDC {formatNdc(item.ndc)}{item.lot ? `, lot ${item.lot}` : ''}: {item.issue}</li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" disabled={receive.isPending} onClick={onClose}>Close</button>
        <button type="button" className="btn btn-primary" disabled={packages === 0 || receive.isPending} onClick={submit}>
          {receive.isPending ? 'Receiving…' : `Receive ${packages} package${packages === 1 ? '' : 's'}`}
        </button>
      </div>
    </div>
  );
}
