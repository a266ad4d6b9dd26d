/**
 * Turns a validated onboarding payload (wizard or tabbed) into what account creation needs: the admin's
 * sign-in (for Supabase Auth) and the snake_case arguments of public.onboard_pharmacy. Both flows end in
 * the same shape, so the api function creates accounts one way. Empty optional text becomes null.
 */
import type { OnboardingWizard } from './wizard.ts';
import type { OnboardingComplete, OperatingHours } from './tabbed.ts';
import { DEFAULT_OPERATING_HOURS } from './tabbed.ts';
import { DEFAULT_PLAN_ID } from '../subscription/plan.ts';

/**
 * A public.pharmacies row as onboarding fills it. The row shapes are type aliases, not interfaces, so they are
 * assignable to the generated `Json` type of onboard_pharmacy's jsonb arguments.
 */
export type PharmacyRow = {
  pharmacy_name: string;
  trade_name: string | null;
  chain_affiliation: string | null;
  ncpdp_id: string;
  nabp_number: string | null;
  dea_number: string;
  state_license_number: string | null;
  state_license_state: string | null;
  npi_number: string | null;
  street_address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  county: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  website: string | null;
  tax_id: string | null;
  business_type: string | null;
  ownership_type: string | null;
};

/**
 * The admin's public.staff_profiles fields, which onboard_pharmacy reads from its `pharmacy` argument
 * (role admin; user_id, email and pharmacy_id come from the server).
 */
export type AdminProfileFields = {
  admin_first_name: string;
  admin_last_name: string;
  admin_phone: string | null;
  admin_license_number: string | null;
  admin_license_state: string | null;
  admin_license_expiration: string | null;
  admin_license_type: string | null;
};

/** A public.pharmacists_in_charge row. */
export type PharmacistInChargeRow = {
  first_name: string;
  last_name: string;
  license_number: string;
  license_state: string | null;
  license_expiration: string | null;
};

/** What account creation needs: the arguments of public.onboard_pharmacy except the admin's user id. */
export interface OnboardingAccount {
  /** The admin's Supabase Auth sign-in. */
  adminSignIn: { email: string; password: string };
  /** onboard_pharmacy's `pharmacy`: the pharmacy's columns plus the admin's profile fields. */
  pharmacy: PharmacyRow & AdminProfileFields;
  /** onboard_pharmacy's `pic`; the tabbed flow names no pharmacist in charge. */
  pic: PharmacistInChargeRow | null;
  /** onboard_pharmacy's `operating_hours`: keyed by weekday, each { open, close, closed }. */
  operatingHours: OperatingHours;
  /** onboard_pharmacy's `plan_id`. */
  planId: string;
}

function textOrNull(value: string | undefined | null): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

/** Emails are compared case-insensitively everywhere (auth.users too); store them lower-case. */
function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function wizardOnboardingAccount(wizard: OnboardingWizard): OnboardingAccount {
  const adminEmail = normalizedEmail(wizard.adminEmail);
  return {
    adminSignIn: { email: adminEmail, password: wizard.adminPassword },
    pharmacy: {
      pharmacy_name: wizard.pharmacyName,
      trade_name: textOrNull(wizard.tradeName),
      chain_affiliation: textOrNull(wizard.chainAffiliation),
      ncpdp_id: wizard.ncpdpId,
      nabp_number: wizard.nabpNumber,
      dea_number: wizard.deaNumber,
      state_license_number: wizard.stateLicenseNumber,
      state_license_state: wizard.stateLicenseState,
      npi_number: wizard.npiNumber,
      street_address: wizard.streetAddress,
      city: wizard.city,
      state: wizard.state,
      zip_code: wizard.zipCode,
      county: textOrNull(wizard.county),
      phone: wizard.phone,
      fax: textOrNull(wizard.fax),
      email: normalizedEmail(wizard.email),
      website: textOrNull(wizard.website),
      tax_id: textOrNull(wizard.taxId),
      business_type: textOrNull(wizard.businessType),
      ownership_type: textOrNull(wizard.ownershipType),
      admin_first_name: wizard.adminFirstName,
      admin_last_name: wizard.adminLastName,
      admin_phone: textOrNull(wizard.adminPhone),
      admin_license_number: textOrNull(wizard.adminLicenseNumber),
      admin_license_state: textOrNull(wizard.adminLicenseState),
      admin_license_expiration: textOrNull(wizard.adminLicenseExpiration),
      admin_license_type: textOrNull(wizard.adminLicenseType),
    },
    pic: {
      first_name: wizard.picFirstName,
      last_name: wizard.picLastName,
      license_number: wizard.picLicenseNumber,
      license_state: wizard.picLicenseState,
      license_expiration: wizard.picLicenseExpiration,
    },
    // The wizard asks for no hours; the pharmacy starts with the defaults and edits them later.
    operatingHours: DEFAULT_OPERATING_HOURS,
    planId: DEFAULT_PLAN_ID,
  };
}

export function tabbedOnboardingAccount(form: OnboardingComplete): OnboardingAccount {
  const adminEmail = normalizedEmail(form.adminEmail);
  return {
    adminSignIn: { email: adminEmail, password: form.adminPassword },
    pharmacy: {
      pharmacy_name: form.pharmacyName,
      trade_name: null,
      chain_affiliation: null,
      ncpdp_id: form.ncpdpId,
      nabp_number: null,
      dea_number: form.deaNumber,
      state_license_number: form.licenseNumber,
      state_license_state: form.licenseState,
      npi_number: form.npiNumber,
      street_address: form.address,
      city: form.city,
      state: form.state,
      zip_code: form.zipCode,
      county: null,
      phone: form.phone,
      fax: textOrNull(form.fax),
      email: normalizedEmail(form.email),
      website: textOrNull(form.website),
      tax_id: null,
      business_type: null,
      ownership_type: null,
      admin_first_name: form.adminFirstName,
      admin_last_name: form.adminLastName,
      admin_phone: form.adminPhone,
      admin_license_number: null,
      admin_license_state: null,
      admin_license_expiration: null,
      admin_license_type: null,
    },
    pic: null,
    operatingHours: form.operatingHours,
    planId: form.selectedPlan,
  };
}
