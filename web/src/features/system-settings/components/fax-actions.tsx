/**
 * The Fax tab's action buttons (spec part 2 §2): Test Fax Connection (whether the saved provider API URL answers,
 * told in a toast: not configured, not reachable with the reason, or the HTTP status it answered) and View Fax
 * Queue. The screen places them beside Save Fax Settings.
 */
import { MESSAGING_TOASTS } from '@pharmacy/shared/messaging/email-and-fax.ts';
import { useState } from 'react';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useTestFaxConnection } from '../api/test-fax-connection.ts';
import { MessageQueueDialog } from './message-queue-dialog.tsx';

export interface FaxActionsProps {
  pharmacyId: string;
}

export function FaxActions({ pharmacyId }: FaxActionsProps) {
  const [queueOpen, setQueueOpen] = useState(false);
  const connection = useTestFaxConnection();
  const testConnection = () =>
    connection.mutate(undefined, {
      onSuccess: (result) =>
        toast(
          result.ok
            ? { title: MESSAGING_TOASTS.connectionSucceeded, description: result.message }
            : { title: MESSAGING_TOASTS.connectionFailed, description: result.message, variant: 'destructive' },
        ),
      onError: (error) => toast({ title: MESSAGING_TOASTS.connectionFailed, description: error.message, variant: 'destructive' }),
    });

  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-outline" onClick={testConnection} disabled={connection.isPending}>
        {connection.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {connection.isPending ? 'Testing…' : 'Test Fax Connection'}
      </button>
      <button type="button" className="btn btn-outline" onClick={() => setQueueOpen(true)}>
        View Fax Queue
      </button>
      {connection.data ? (
        <p className={`w-full text-sm ${connection.data.ok ? 'text-success' : 'text-error'}`} role="status">
          {connection.data.message}
        </p>
      ) : null}
      <MessageQueueDialog pharmacyId={pharmacyId} channel="fax" open={queueOpen} onClose={() => setQueueOpen(false)} />
    </div>
  );
}
