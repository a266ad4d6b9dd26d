/**
 * The signed-in staff member as the app knows them (spec part 1 §3 "Auth user response": user, pharmacy,
 * permissions), read from the database function current_staff_context. The spec's wire name for the pharmacy's
 * state license number is `stateInternationalizeNumber`; the code calls it the state license number, renamed here
 * at the edge. Permissions are the typed names of permissions.ts. zod/mini: the router reads this before any screen,
 * on the sign-in page's first download.
 */
import * as z from 'zod/mini';
import { isPermission, type Permission } from './permissions.ts';
import { STAFF_ROLES } from './screens.ts';

const nullableText = z.optional(z.nullable(z.string()));

/** current_staff_context's answer as the database sends it. */
export const currentStaffContextSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(STAFF_ROLES),
  }),
  pharmacy: z.object({
    id: z.string(),
    pharmacyName: z.string(),
    city: nullableText,
    state: nullableText,
    deaNumber: nullableText,
    ncpdpId: nullableText,
    stateInternationalizeNumber: nullableText,
  }),
  // A name the app does not know (a database newer than the app) is left out, never a failed sign-in.
  permissions: z.array(z.string()),
});

export interface SignedInStaff {
  user: z.infer<typeof currentStaffContextSchema>['user'];
  pharmacy: {
    id: string;
    pharmacyName: string;
    city: string | null;
    state: string | null;
    deaNumber: string | null;
    ncpdpId: string | null;
    stateLicenseNumber: string | null;
  };
  permissions: readonly Permission[];
}

/** The app's shape of a parsed current_staff_context answer. */
export function signedInStaffFromContext(context: z.infer<typeof currentStaffContextSchema>): SignedInStaff {
  const { stateInternationalizeNumber, ...pharmacy } = context.pharmacy;
  return {
    user: context.user,
    pharmacy: {
      ...pharmacy,
      city: pharmacy.city ?? null,
      state: pharmacy.state ?? null,
      deaNumber: pharmacy.deaNumber ?? null,
      ncpdpId: pharmacy.ncpdpId ?? null,
      stateLicenseNumber: stateInternationalizeNumber ?? null,
    },
    permissions: context.permissions.filter(isPermission),
  };
}
