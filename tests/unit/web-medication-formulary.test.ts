// The component's modules are the web app's: the root type check needs the web's Vite environment (import.meta.env),
// which only a reference brings in (a d.ts script cannot be imported).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../web/src/vite-env.d.ts" />
/**
 * MedicationFormulary (web/src/features/formulary/components/medication-formulary.tsx) rendered to HTML with its
 * query already answered: each entry's insurance type, tier, prior authorisation, quantity limit and notes; the
 * add, edit and remove controls only with `canEdit`; the empty text when the medication has no entry.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MedicationFormularyEntry } from '../../web/src/features/formulary/api/get-medication-formulary.ts';
import { formularyKeys } from '../../web/src/features/formulary/keys.ts';

const PHARMACY_ID = '1b7e2d3c-4a5f-4e6d-8c9b-0a1b2c3d4e5f';
const MEDICATION_ID = '5d2e8f41-3b7c-4e0a-8f3d-91c2b4a6e7f8';

const ENTRIES: MedicationFormularyEntry[] = [
  {
    id: 'a1', medicationId: MEDICATION_ID, insuranceType: 'commercial', tier: 2, priorAuthorization: false,
    quantityLimit: null, notes: null, updatedAt: '2026-11-23T10:00:00Z',
  },
  {
    id: 'a2', medicationId: MEDICATION_ID, insuranceType: 'medicare_part_d', tier: 3, priorAuthorization: true,
    quantityLimit: { quantity: 60, days: 30 }, notes: 'Step therapy: warfarin first', updatedAt: '2026-11-23T10:00:00Z',
  },
];

// The feature's api files import the web's one Supabase client; rendering with the query answered never calls it.
vi.mock('../../web/src/lib/supabase.ts', () => ({ supabase: {} }));

let render: (entries: MedicationFormularyEntry[], canEdit: boolean) => string;

beforeAll(async () => {
  const { MedicationFormulary } = await import('../../web/src/features/formulary/components/medication-formulary.tsx');
  render = (entries, canEdit) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    queryClient.setQueryData(formularyKeys.medication(PHARMACY_ID, MEDICATION_ID), entries);
    return renderToStaticMarkup(
      createElement(QueryClientProvider, { client: queryClient },
        createElement(MedicationFormulary, { pharmacyId: PHARMACY_ID, medicationId: MEDICATION_ID, medicationName: 'Eliquis 5 mg', canEdit })),
    );
  };
});

function text(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('MedicationFormulary', () => {
  it('lists each entry with its tier, prior authorization, quantity limit and notes', () => {
    const shown = text(render(ENTRIES, false));
    expect(shown).toContain('Formulary — Eliquis 5 mg');
    expect(shown).toContain('Commercial Tier 2 — Generic Not required No limit —');
    expect(shown).toContain('Medicare Part D Tier 3 — Preferred brand Required 60 per 30 days Step therapy: warfarin first');
  });

  it('offers add, edit and remove only to those who may edit', () => {
    const readOnly = render(ENTRIES, false);
    expect(readOnly).not.toMatch(/Add Formulary Entry|>Edit<|>Remove</);
    const editable = render(ENTRIES, true);
    expect(editable).toContain('Add Formulary Entry');
    expect(editable).toContain('aria-label="Edit Medicare Part D entry"');
    expect(editable).toContain('aria-label="Remove Commercial entry"');
  });

  it('says so when the medication has no entry', () => {
    expect(text(render([], true))).toContain('No formulary entries for Eliquis 5 mg yet.');
  });
});
