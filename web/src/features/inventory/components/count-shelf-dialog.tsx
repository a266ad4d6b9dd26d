/**
 * Set where a product is kept (inventory_products.shelf_location; pharmacists and admins, RLS decides), so a cycle
 * count can cover one shelf. Empty clears it.
 */
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { useSetShelfLocation } from '../api/count-actions.ts';
import { useInventoryItems } from '../api/get-inventory-items.ts';

export function CountShelfDialog({ open, pharmacyId, onClose }: { open: boolean; pharmacyId: string; onClose: () => void }) {
  const [text, setText] = useState('');
  const { term, settling } = useSearchTerm(text);
  const found = useInventoryItems(pharmacyId, term, 'all', 0, 8);
  const [product, setProduct] = useState<{ id: string; name: string } | null>(null);
  const [shelf, setShelf] = useState('');
  const save = useSetShelfLocation();

  function close() {
    setText('');
    setProduct(null);
    setShelf('');
    save.reset();
    onClose();
  }

  function submit() {
    if (!product) return;
    const shelfLocation = shelf.trim() === '' ? null : shelf.trim();
    save.mutate({ medicationId: product.id, shelfLocation }, {
      onSuccess: () => {
        toast({ title: 'Shelf location saved', description: `${product.name}: ${shelfLocation ?? 'no shelf location'}.` });
        setProduct(null);
        setShelf('');
      },
    });
  }

  return (
    <Dialog open={open} onClose={close} title="Set shelf locations" size="lg">
      <div className="flex flex-col gap-3">
        <SearchInput label="Search products" placeholder="Brand, generic name or NDC…" value={text} onChange={setText} busy={settling} />
        <ul className="flex flex-col gap-1" aria-label="Products found">
          {(term === '' ? [] : found.data?.items ?? []).map((item) => {
            const name = [item.productName, item.strength].filter(Boolean).join(' ');
            return (
              <li key={item.id}>
                <button type="button" className={`btn btn-ghost btn-sm ${product?.id === item.id ? 'btn-active' : ''}`} onClick={() => setProduct({ id: item.id, name })}>
                  {name}
                </button>
              </li>
            );
          })}
        </ul>
        {product ? (
          <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
            <label className="flex flex-col gap-1 text-sm">
              Shelf location of {product.name}
              <input className="input input-sm w-48" maxLength={40} value={shelf} onChange={(event) => setShelf(event.target.value)} data-autofocus />
            </label>
            <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>Save</button>
          </form>
        ) : null}
        {save.error ? <p role="alert" className="alert alert-error alert-soft">{save.error.message}</p> : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={close}>Done</button>
        </div>
      </div>
    </Dialog>
  );
}
