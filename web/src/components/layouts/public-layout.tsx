/**
 * Frame of the signed-out pages: a header with the product name (a link home), the page, and a footer
 * with the connection status (`status`, which the router fills) so a visitor sees at once whether the pharmacy
 * server is reachable.
 */
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '../../config/product.ts';
import { paths } from '../../config/paths.ts';
import { ProductMark } from '../ui/product-mark.tsx';

export function PublicLayout({ status }: { status: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <header className="border-b border-base-300 bg-base-100">
        <div className="mx-auto flex w-full max-w-5xl items-center px-6 py-4">
          <Link to={paths.home} className="flex items-center gap-3 text-lg font-semibold">
            <ProductMark />
            {PRODUCT_NAME}
          </Link>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col px-6 py-12">
        <Outlet />
      </main>
      <footer className="border-t border-base-300 bg-base-100">
        <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-4 px-6 py-4">
          {status}
          <span className="text-xs text-base-content/70">For licensed US pharmacies</span>
        </div>
      </footer>
    </div>
  );
}
