/**
 * The chain affiliation choices of the onboarding wizard (spec §3): independent, one of the national
 * chains, or other.
 */

export const CHAIN_AFFILIATIONS = [
  'Independent',
  'CVS Health',
  'Walgreens',
  'H-E-B',
  'Walmart',
  'Kroger',
  'Costco',
  'Albertsons',
  'Publix',
  'Other',
] as const;

export type ChainAffiliation = (typeof CHAIN_AFFILIATIONS)[number];
