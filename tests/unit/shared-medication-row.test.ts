/**
 * shared/src/drugs/medication.ts medicationFromSearchRow: the one mapping of a catalog row, read by GET /api/medications
 * and by the Drug Database screen.
 */
import { describe, expect, it } from 'vitest';
import { medicationFromSearchRow, medicationSchema, type MedicationSearchRow } from '../../shared/src/drugs/medication.ts';

const row: MedicationSearchRow = {
  id: '6f1c1a4e-2f1e-4a55-9d1e-0c6a2b9b1a01', name: 'Lipitor', generic_name: 'atorvastatin calcium', strength: '10 mg',
  dosage_form: 'TABLET', ndc_number: '0071-0155-23', ndc11: '00071015523', manufacturer: 'Pfizer',
  price: '12.50', stock: 4, low_stock_threshold: 10, is_low_stock: true, dea_schedule: null,
  package_size: '90.000', package_unit: 'EA', package_description: '90 TABLET in 1 BOTTLE', active: true,
  awp_price: '431.20', wac_price: null, nadac_per_unit: '0.04512', nadac_effective_date: '2026-10-15',
  prices_updated_at: '2026-11-20T08:00:00+00:00', source: 'openfda', synced_at: '2026-11-19T08:00:00+00:00',
};

describe('medicationFromSearchRow: a search_medications row as the api and the screen show it', () => {
  it('gives numbers for numeric columns (PostgREST may send them as strings), nulls where the table has none', () => {
    const medication = medicationFromSearchRow(row);
    expect(medication).toMatchObject({
      name: 'Lipitor', genericName: 'atorvastatin calcium', ndcNumber: '0071-0155-23', ndc11: '00071015523',
      price: 12.5, packageSize: 90, awpPrice: 431.2, wacPrice: null, nadacPerUnit: 0.04512, isLowStock: true,
      source: 'openfda', interactions: [],
    });
    expect(medicationSchema.parse(medication)).toEqual(medication);
  });

  it('takes low stock from the database, and from stock against the threshold where the row has no flag', () => {
    expect(medicationFromSearchRow({ ...row, is_low_stock: false, stock: 4 }).isLowStock).toBe(false);
    expect(medicationFromSearchRow({ ...row, is_low_stock: null, stock: 10 }).isLowStock).toBe(true);
    expect(medicationFromSearchRow({ ...row, is_low_stock: null, stock: 11 }).isLowStock).toBe(false);
  });
});
