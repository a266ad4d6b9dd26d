/**
 * Frame of the signed-in pages (spec §2 "Sidebar"): a sidebar with the product, the links to the screens the
 * signed-in role may open (shared/src/staff/screens.ts; all 14 for an admin), the AI assistant card and the signed-in
 * account (given by the caller, so this layout needs no feature), and the page beside it under a top bar holding the
 * global search (also given by the caller). On narrow screens the sidebar becomes a drawer opened from the top bar.
 */
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '../../config/product.ts';
import { screensForRole, type StaffRole } from '@pharmacy/shared/staff/screens.ts';
import { paths } from '../../config/paths.ts';
import { ProductMark } from '../ui/product-mark.tsx';

const DRAWER_ID = 'app-sidebar-drawer';

export interface SignedInLayoutProps {
  account: ReactNode;
  /** The header's global search, on every screen (given by the caller, as the account). */
  search: ReactNode;
  /** The signed-in staff member's role: the sidebar lists only the screens it may open. */
  role: StaffRole;
}

export function SignedInLayout({ account, search, role }: SignedInLayoutProps) {
  return (
    <div className="drawer min-h-screen bg-base-200 lg:drawer-open">
      <input id={DRAWER_ID} type="checkbox" className="drawer-toggle" aria-label="Show navigation" />
      <div className="drawer-content flex min-w-0 flex-col">
        <header className="navbar gap-2 border-b border-base-300 bg-base-100 px-4 lg:px-8">
          <div className="flex flex-1 items-center lg:hidden">
            <label htmlFor={DRAWER_ID} className="btn btn-ghost btn-sm">
              <span aria-hidden="true">☰</span>
              <span className="sr-only">Open navigation</span>
            </label>
            <span className="ml-2 font-semibold">{PRODUCT_NAME}</span>
          </div>
          <div role="search" className="ml-auto flex justify-end">
            {search}
          </div>
        </header>
        <main className="flex flex-1 flex-col p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
      <div className="drawer-side z-40">
        {/* A pointer convenience (a click beside the drawer closes it); the drawer toggle is the accessible control. */}
        <label htmlFor={DRAWER_ID} className="drawer-overlay" aria-hidden="true" />
        <aside className="flex min-h-full w-72 flex-col gap-4 border-r border-base-300 bg-base-100 p-4">
          <Link to={paths.home} className="flex items-center gap-3 px-2 py-1 font-semibold leading-tight">
            <ProductMark />
            {PRODUCT_NAME}
          </Link>
          <nav aria-label="Main">
            <ul className="menu w-full gap-0.5 p-0">
              {screensForRole(role).map((page) => (
                <li key={page.path}>
                  <NavLink to={page.path} end className={({ isActive }) => (isActive ? 'bg-primary/10 font-medium text-primary' : '')}>
                    {page.sidebarLabel}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto flex flex-col gap-4">
            <section aria-label="AI assistant" className="rounded-box border border-primary/20 bg-primary/5 p-3">
              <p className="flex items-center gap-2 text-sm font-semibold text-primary">
                <span className="status status-primary" aria-hidden="true" />
                AI Assistant
              </p>
              <p className="mt-1 text-xs text-base-content/70">Drug interaction checking active</p>
            </section>
            <div className="border-t border-base-300 pt-4">{account}</div>
          </div>
        </aside>
      </div>
    </div>
  );
}
