/**
 * Print Label on a ready prescription of the queue (spec §4): the shared label call as a mutation.
 */
import { useMutation } from '@tanstack/react-query';
import { generateLabel } from '../../../lib/label-printing.ts';

export function useGenerateLabel() {
  return useMutation({ mutationFn: generateLabel });
}
