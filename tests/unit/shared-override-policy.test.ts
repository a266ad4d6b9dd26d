/**
 * What the security policy means at an interaction alert for the screens (shared/src/security/override-policy.ts):
 * which alerts block under each AI risk assessment mode. The database's private.alert_blocks says the same
 * (tests/integration/db-override-policies.test.ts compares them).
 */
import { describe, expect, it } from 'vitest';
import { alertBlocks, hasSevereFinding } from '../../shared/src/security/override-policy.ts';

const CLEAN = { hasInteractions: false, interactions: [] };
const MODERATE = { hasInteractions: true, interactions: [{ severity: 'moderate' }, { severity: 'mild' }] };
const SEVERE = { hasInteractions: true, interactions: [{ severity: 'mild' }, { severity: 'severe' }] };

describe('alertBlocks', () => {
  it('enabled: any alert blocks; no alert never does', () => {
    expect([CLEAN, MODERATE, SEVERE].map((flags) => alertBlocks('enabled', flags))).toEqual([false, true, true]);
  });

  it('advisory: only an alert with a severe finding blocks', () => {
    expect([CLEAN, MODERATE, SEVERE].map((flags) => alertBlocks('advisory', flags))).toEqual([false, false, true]);
  });

  it('disabled: nothing blocks', () => {
    expect([CLEAN, MODERATE, SEVERE].map((flags) => alertBlocks('disabled', flags))).toEqual([false, false, false]);
  });

  it('hasSevereFinding looks at every finding', () => {
    expect([CLEAN, MODERATE, SEVERE].map(hasSevereFinding)).toEqual([false, false, true]);
  });
});
