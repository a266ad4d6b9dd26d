/**
 * When a prescriber's credential is an alert (spec §9: 90 days, as for staff licences): the Providers screen and the
 * dashboard read it; the database's public.prescriber_credential_alerts takes it as its argument. Plain TypeScript:
 * the dashboard (part of the signed-in first visit) loads it, and it must stay free of zod.
 */

/** A prescriber's state licence or DEA registration expiring within this many days is an alert. */
export const CREDENTIAL_ALERT_DAYS = 90;
