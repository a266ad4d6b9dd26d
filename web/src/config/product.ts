/** How the product presents itself on the signed-out pages (spec part 1, §1 "Marketing states"). */

export const PRODUCT_NAME = 'Pharmacy Management System';
export const PRODUCT_TAGLINE = 'Prescriptions, patients, labels and inventory for US pharmacies — one live queue for the whole team.';

export const MARKETING_POINTS = [
  '$150 per month, flat',
  '30-day free trial',
  'Unlimited users and prescriptions',
  'No credit card needed',
] as const;
