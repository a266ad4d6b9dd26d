/**
 * What the test switch reads from the local database for one claim, before the engine judges it synchronously: the
 * billing pharmacy's formulary entries for the claimed drug (public.formulary_entries of the medication whose NDC it
 * is, per insurance type — "the drug database's formulary entries", the formulary) and the drug's unit prices
 * (AWP per unit from awp_price / package_size, NADAC per unit), in millicents. The pharmacy is the one whose NPI or
 * NCPDP number the transmission's header names. A test double's privilege: it reads the local database directly.
 */
import type pg from 'pg';
import type { InsuranceType } from '../../../../shared/src/drugs/formulary.ts';
import type { DrugPrices, FormularyCoverage } from './adjudicate.ts';

export interface ClaimLookups {
  formulary: Map<InsuranceType, FormularyCoverage>;
  prices: DrugPrices | undefined;
}

/** Dollars with up to 5 decimals as Postgres prints a numeric → millicents, digit by digit. */
function millicents(text: string | null): number | undefined {
  if (text === null) return undefined;
  const match = /^(\d+)(?:\.(\d{1,5}))?\d*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100_000 + Number((match[2] ?? '').padEnd(5, '0'));
}

export async function lookupsFor(db: pg.Pool, serviceProviderId: string, ndc11: string | undefined): Promise<ClaimLookups> {
  const formulary = new Map<InsuranceType, FormularyCoverage>();
  if (!ndc11) return { formulary, prices: undefined };
  const { rows } = await db.query<{
    insurance_type: InsuranceType | null; tier: number | null; prior_authorization: boolean | null;
    quantity_limit: string | null; quantity_limit_days: number | null; awp_unit: string | null; nadac_per_unit: string | null;
  }>(
    `select f.insurance_type, f.tier, f.prior_authorization, f.quantity_limit::text, f.quantity_limit_days,
            case when m.awp_price is not null and m.package_size > 0 then round(m.awp_price / m.package_size, 5)::text end as awp_unit,
            round(m.nadac_per_unit, 5)::text as nadac_per_unit
     from public.pharmacies p
     join public.medications m on m.pharmacy_id = p.id and m.ndc11 = $2
     left join public.formulary_entries f on f.pharmacy_id = p.id and f.medication_id = m.id
     where p.npi_number = $1 or p.ncpdp_id = $1
     order by m.active desc, m.updated_at desc`,
    [serviceProviderId, ndc11],
  );
  for (const row of rows) {
    if (row.insurance_type && !formulary.has(row.insurance_type)) {
      formulary.set(row.insurance_type, {
        // An entry is the pharmacy's record that the payer type covers the drug, at its tier.
        covered: true, tier: row.tier ?? 1, priorAuthorizationRequired: row.prior_authorization ?? false,
        ...(row.quantity_limit !== null && row.quantity_limit_days !== null
          ? { quantityLimit: { quantityThousandths: Math.round(Number(row.quantity_limit) * 1000), days: row.quantity_limit_days } } : {}),
      });
    }
  }
  const first = rows[0];
  const awp = millicents(first?.awp_unit ?? null);
  const nadac = millicents(first?.nadac_per_unit ?? null);
  return {
    formulary,
    prices: first ? { ...(awp === undefined ? {} : { awpUnitMillicents: awp }), ...(nadac === undefined ? {} : { nadacUnitMillicents: nadac }) } : undefined,
  };
}
