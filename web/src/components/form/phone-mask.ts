/**
 * Masks a registered phone input as "(xxx) xxx-xxxx" while the user types (spec §5), with the shared
 * formatter, before react-hook-form records the value.
 */
import type { ChangeHandler, UseFormRegisterReturn } from 'react-hook-form';
import { formatPhoneNumber } from '@pharmacy/shared/common/phone.ts';

export function withPhoneMask<Name extends string>(registration: UseFormRegisterReturn<Name>): UseFormRegisterReturn<Name> {
  const onChange: ChangeHandler = (event) => {
    const input = event.target as HTMLInputElement;
    input.value = formatPhoneNumber(input.value);
    return registration.onChange(event);
  };
  return { ...registration, onChange };
}
