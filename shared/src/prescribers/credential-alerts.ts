/**
 * When a prescriber's credential is an alert (spec §9: 90 days, as for staff licences): the Providers screen and the
 * dashboard read it; the database's public.prescriber_credential_alerts takes it as its argument. Plain TypeScript:
 * the dashboard (part of the signed-in first visit) loads it, and it must stay free of zod.
 */

/** A prescriber's state licence or DEA registration expiring within this many days is an alert. */
export const CREDENTIAL_ALERT_DAYS = 90;

/** A prescriber's licence or DEA registration expired or expiring within CREDENTIAL_ALERT_DAYS. */
export interface CredentialAlert {
  prescriberId: string;
  prescriberName: string;
  credential: 'license' | 'dea';
  credentialNumber: string;
  expiresOn: string;
  expired: boolean;
}

/** What the screens read of public.prescriber_credential_alerts. */
export const CREDENTIAL_ALERT_COLUMNS = 'prescriber_id, prescriber_name, credential, credential_number, expires_on, expired';

export interface CredentialAlertRow {
  prescriber_id: string;
  prescriber_name: string;
  credential: string;
  credential_number: string;
  expires_on: string;
  expired: boolean;
}

export function credentialAlertFromRow(row: CredentialAlertRow): CredentialAlert {
  return {
    prescriberId: row.prescriber_id,
    prescriberName: row.prescriber_name,
    credential: row.credential === 'dea' ? 'dea' : 'license',
    credentialNumber: row.credential_number,
    expiresOn: row.expires_on,
    expired: row.expired,
  };
}
