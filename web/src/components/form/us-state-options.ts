/** The 50 US states (spec §5: no DC) as select choices, from the shared list. */
import { US_STATES } from '@pharmacy/shared/common/us-states.ts';
import type { SelectOption } from './select-field.tsx';

export const US_STATE_OPTIONS: readonly SelectOption[] = US_STATES.map((state) => ({
  value: state.code,
  label: `${state.code} — ${state.name}`,
}));
