/**
 * The shared rule that keeps Postgres' own wording (constraint, table and column names) away from users:
 * sentences the database raised for people pass unchanged; Postgres-worded refusals become the plain message
 * for their SQLSTATE.
 */
import { describe, expect, it } from 'vitest';
import {
  DATABASE_ERROR_MESSAGES,
  UNEXPECTED_DATABASE_ERROR,
  clientMessageForDatabaseError,
  isPostgresWording,
} from '../../shared/src/database/errors.ts';

describe('clientMessageForDatabaseError', () => {
  it('passes the database\'s own sentences through', () => {
    expect(clientMessageForDatabaseError({ code: '23514', message: 'Phone format: (555) 123-4567' })).toBe('Phone format: (555) 123-4567');
    expect(clientMessageForDatabaseError({ code: 'P0001', message: 'Prescription RX 1001 is already ready; refresh to see its current status' }))
      .toBe('Prescription RX 1001 is already ready; refresh to see its current status');
  });

  it('replaces Postgres\' wording by the message for its SQLSTATE', () => {
    const raw: [string, string][] = [
      ['23514', 'new row for relation "patients" violates check constraint "patients_phone_format"'],
      ['23505', 'duplicate key value violates unique constraint "medications_pharmacy_id_ndc_number_key"'],
      ['23503', 'update or delete on table "patients" violates foreign key constraint "prescriptions_patient_fkey" on table "prescriptions"'],
      ['23502', 'null value in column "last_name" of relation "patients" violates not-null constraint'],
      ['22P02', 'invalid input syntax for type uuid: "abc"'],
      ['42501', 'new row violates row-level security policy for table "patients"'],
    ];
    for (const [code, message] of raw) {
      expect(isPostgresWording(message), message).toBe(true);
      expect(clientMessageForDatabaseError({ code, message })).toBe(DATABASE_ERROR_MESSAGES[code]);
    }
  });

  it('falls back to a general message for an unknown code or an empty message', () => {
    expect(clientMessageForDatabaseError({ code: 'XX000', message: 'could not open file "base/1/2": No such file' })).toBe(UNEXPECTED_DATABASE_ERROR);
    expect(clientMessageForDatabaseError({ message: '' })).toBe(UNEXPECTED_DATABASE_ERROR);
  });
});
