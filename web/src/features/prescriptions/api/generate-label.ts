/**
 * POST /api/labels/generate {prescriptionId} (spec §4, §7): the label HTML of a ready prescription, recorded
 * in the print history by the server.
 */
import { useMutation } from '@tanstack/react-query';
import { readFunctionsErrorBody } from '../../../lib/functions-error.ts';
import { supabase } from '../../../lib/supabase.ts';

export async function generateLabel(prescriptionId: string): Promise<string> {
  const { data, error } = await supabase.functions.invoke<string>('api/labels/generate', { method: 'POST', body: { prescriptionId } });
  if (error) throw new Error((await readFunctionsErrorBody(error)).message);
  if (typeof data !== 'string' || data === '') throw new Error('The server answered without a label');
  return data;
}

export function useGenerateLabel() {
  return useMutation({ mutationFn: generateLabel });
}
