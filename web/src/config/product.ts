/** How the product presents itself on the signed-out pages (spec part 1, §1 "Marketing states"). */
import { formatPlanPrice, TRIAL_DAYS } from '@pharmacy/shared/subscription/plan.ts';

export const PRODUCT_NAME = 'Pharmacy Management System';
export const PRODUCT_TAGLINE = 'Prescriptions, patients, labels and inventory for US pharmacies — one live queue for the whole team.';

export const MARKETING_POINTS = [
  `${formatPlanPrice()} per month, flat`,
  `${TRIAL_DAYS}-day free trial`,
  'Unlimited users and prescriptions',
  'No credit card needed',
] as const;
