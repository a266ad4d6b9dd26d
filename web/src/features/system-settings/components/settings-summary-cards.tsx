/**
 * The four summary cards of System Settings (spec part 2 §2) from the saved groups: pharmacy info Configured /
 * Incomplete, e-prescriptions Enabled / Disabled (Surescripts), DEA compliance at the pharmacy's local date, and
 * the system status the route gives (a health check of another feature). The rules are shared/src/settings/
 * summary.ts. The groups are the tabs' queries, so a save updates its card. The System Status card's content comes
 * from the route (a health check; `SystemStatusValue` draws a plain summary of one).
 */
import { localDateIn } from '@pharmacy/shared/common/dates.ts';
import { deaCompliance, type DeaCompliance, ePrescriptionsEnabled, pharmacyInfoStatus } from '@pharmacy/shared/settings/summary.ts';
import type { ReactNode } from 'react';
import { usePharmacyTimeZone } from '../../../hooks/use-pharmacy-time-zone.ts';
import { useSettingsGroup } from '../../../hooks/use-settings-group.ts';

/** A health check's outcome, for SystemStatusValue. */
export interface SystemStatusSummary {
  state: 'checking' | 'operational' | 'degraded' | 'down';
  /** What was checked or what failed, in words. */
  detail?: string;
}

type Tone = 'success' | 'warning' | 'error' | 'neutral';

const TONE_CLASS: Record<Tone, string> = {
  success: 'text-success',
  warning: 'text-warning',
  error: 'text-error',
  neutral: 'text-base-content',
};

interface CardProps {
  title: string;
  /** null while loading. */
  value?: string | null;
  /** Content in place of value and caption. */
  children?: ReactNode;
  tone?: Tone;
  caption?: ReactNode;
  failed?: boolean;
}

function SummaryCard({ title, value = null, tone = 'neutral', caption, failed, children }: CardProps) {
  const titleId = `settings-card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-1">
        <h2 id={titleId} className="text-sm font-medium text-base-content/70">
          {title}
        </h2>
        {children ?? (value !== null ? (
          <p className={`text-2xl font-bold ${TONE_CLASS[tone]}`} data-testid="card-value">
            {value}
          </p>
        ) : failed ? (
          <p className="text-2xl font-bold" data-testid="card-value">
            —
          </p>
        ) : (
          <div className="skeleton h-8 w-24">
            <span className="sr-only">Loading</span>
          </div>
        ))}
        {children ? null : caption ? <p className="text-xs text-base-content/70">{caption}</p> : null}
      </div>
    </section>
  );
}

function deaText(compliance: DeaCompliance): { value: string; tone: Tone; caption: string } {
  switch (compliance.state) {
    case 'compliant':
      return { value: 'Compliant', tone: 'success', caption: `Registration valid for ${compliance.daysLeft} more days` };
    case 'expiring':
      return {
        value: 'Expiring soon',
        tone: 'warning',
        caption: compliance.daysLeft === 0 ? 'Registration expires today' : `Registration expires in ${compliance.daysLeft} days`,
      };
    case 'expired':
      return { value: 'Expired', tone: 'error', caption: 'The DEA registration has expired' };
    case 'no-registration':
      return { value: 'Not compliant', tone: 'error', caption: 'No valid DEA registration number on the Controlled tab' };
    case 'no-expiration':
      return { value: 'Not compliant', tone: 'error', caption: 'No DEA expiration date on the Controlled tab' };
  }
}

const SYSTEM_STATUS_TEXT: Record<SystemStatusSummary['state'], { value: string | null; tone: Tone }> = {
  checking: { value: null, tone: 'neutral' },
  operational: { value: 'Operational', tone: 'success' },
  degraded: { value: 'Degraded', tone: 'warning' },
  down: { value: 'Unavailable', tone: 'error' },
};

/** The System Status card's value and detail for a health check's outcome. */
export function SystemStatusValue({ summary }: { summary: SystemStatusSummary }) {
  const status = SYSTEM_STATUS_TEXT[summary.state];
  if (status.value === null) {
    return (
      <div className="skeleton h-8 w-24">
        <span className="sr-only">Checking</span>
      </div>
    );
  }
  return (
    <>
      <p className={`text-2xl font-bold ${TONE_CLASS[status.tone]}`} data-testid="card-value">
        {status.value}
      </p>
      {summary.detail ? <p className="text-xs text-base-content/70">{summary.detail}</p> : null}
    </>
  );
}

export function SettingsSummaryCards({ pharmacyId, systemStatus }: { pharmacyId: string; systemStatus: ReactNode }) {
  const pharmacy = useSettingsGroup(pharmacyId, 'pharmacy');
  const transmission = useSettingsGroup(pharmacyId, 'transmission');
  const controlled = useSettingsGroup(pharmacyId, 'controlled');
  const timeZone = usePharmacyTimeZone(pharmacyId);

  const pharmacyInfo = pharmacy.data ? pharmacyInfoStatus(pharmacy.data) : null;
  const eRx = transmission.data ? ePrescriptionsEnabled(transmission.data) : null;
  const dea = controlled.data && timeZone.data ? deaText(deaCompliance(controlled.data, localDateIn(timeZone.data, new Date()))) : null;

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard
        title="Pharmacy Info"
        value={pharmacyInfo ? (pharmacyInfo.configured ? 'Configured' : 'Incomplete') : null}
        tone={pharmacyInfo?.configured ? 'success' : 'warning'}
        caption={pharmacyInfo ? (pharmacyInfo.configured ? 'Every required field is filled' : `Missing: ${pharmacyInfo.missing.join(', ')}`) : undefined}
        failed={pharmacy.isError}
      />
      <SummaryCard
        title="E-Prescriptions"
        value={eRx === null ? null : eRx ? 'Enabled' : 'Disabled'}
        tone={eRx ? 'success' : 'neutral'}
        caption="Surescripts e-prescribing (Transmission tab)"
        failed={transmission.isError}
      />
      <SummaryCard title="DEA Compliance" value={dea?.value ?? null} tone={dea?.tone} caption={dea?.caption} failed={controlled.isError || timeZone.isError} />
      <SummaryCard title="System Status">{systemStatus}</SummaryCard>
    </div>
  );
}
