/**
 * Which secrets of the group being edited are stored: the GET answer (secrets as `{ set }`), given to the form's
 * secret inputs by the settings form, so each says 'Set' or 'Not set' without the value ever reaching the browser.
 */
import { createContext, useContext } from 'react';
import { get } from 'react-hook-form';

export const SecretStatusContext = createContext<unknown>(undefined);

/** Whether the secret at the dotted field name is stored. */
export function useSecretStatus(name: string): boolean {
  const read = useContext(SecretStatusContext);
  const status = get(read, name) as { set?: unknown } | undefined;
  return status?.set === true;
}
