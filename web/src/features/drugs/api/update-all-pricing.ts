/**
 * Update All Pricing (POST /api/drugs/pricing-update without ndcNumbers: every active product of the pharmacy with
 * an NDC): NADAC per unit from CMS, written to each product and its price history; the answer counts the products
 * whose prices were applied. The catalog and the price update runs (Last Price Update, last run) are refreshed.
 */
import { pricingUpdateEndpoint } from '@pharmacy/shared/api/drug-pricing.ts';
import type { PricingUpdateResult } from '@pharmacy/shared/drugs/pricing.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function updateAllPricing(): Promise<PricingUpdateResult> {
  return invokeApi(pricingUpdateEndpoint, {});
}

export function useUpdateAllPricing() {
  return useMutation({
    meta: { writes: ['medications', 'medication_price_history', 'drug_price_update_runs', 'audit_log'] },
    mutationFn: updateAllPricing,
  });
}
