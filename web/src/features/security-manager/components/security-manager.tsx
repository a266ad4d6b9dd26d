/**
 * The AI Security Manager (spec part 2 §2; admins only — shared/src/staff/screens.ts, and the database refuses the data
 * to anyone else): the summary cards over the pharmacy's staff, then four tabs — User Management, Security
 * Policies, Credentials (drawn by the route: another feature's, given the staff list), Audit Log. "Now" for the
 * risk rules is the moment the staff list arrived, so the cards, list and details agree.
 */
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { QueryStateQuery } from '../../../components/ui/query-state.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { useUsers } from '../api/get-users.ts';
import { AuditLogTab } from './audit-log-tab.tsx';
import { SecurityPoliciesTab } from './security-policies-tab.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { UserManagementTab } from './user-management-tab.tsx';

type SecurityTab = 'users' | 'policies' | 'credentials' | 'audit';

const TABS: { id: SecurityTab; label: string }[] = [
  { id: 'users', label: 'User Management' },
  { id: 'policies', label: 'Security Policies' },
  { id: 'credentials', label: 'Credentials' },
  { id: 'audit', label: 'Audit Log' },
];

export interface SecurityManagerProps {
  pharmacyId: string;
  /** The Credentials tab's content: another feature's, which the route supplies, given the staff list. */
  credentialsTab: (users: QueryStateQuery<readonly StaffUser[]>) => ReactNode;
}

export function SecurityManager({ pharmacyId, credentialsTab }: SecurityManagerProps) {
  const baseId = useId();
  const [tab, setTab] = useState<SecurityTab>('users');
  const users = useUsers(pharmacyId);
  const now = useMemo(() => new Date(users.dataUpdatedAt || Date.now()), [users.dataUpdatedAt]);

  return (
    <section className="flex flex-1 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">AI Security Manager</h1>
        <p className="text-base-content/70">Staff accounts, security policies, credentials and the audit trail of your pharmacy.</p>
      </header>
      <SummaryCards users={users} now={now} />
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <TabList baseId={baseId} label="Security Manager sections" items={TABS} selected={tab} onSelect={setTab} fill />
          <TabPanel baseId={baseId} selected={tab}>
            {tab === 'users' ? <UserManagementTab users={users} now={now} /> : null}
            {tab === 'policies' ? <SecurityPoliciesTab pharmacyId={pharmacyId} /> : null}
            {tab === 'credentials' ? credentialsTab(users) : null}
            {tab === 'audit' ? <AuditLogTab pharmacyId={pharmacyId} staff={users.data ?? []} /> : null}
          </TabPanel>
        </div>
      </div>
    </section>
  );
}
