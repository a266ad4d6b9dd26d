/**
 * The Email tab's action buttons (spec part 2 §2): Test Email Connection (what the saved SMTP server said, in a
 * dialog), Send Test Email (a recipient, then a real email through the saved settings) and View Email Queue. They
 * act on the saved settings; the screen places them beside Save Email Settings.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type EmailConnectionResult, MESSAGING_TOASTS, type SendTestEmailInput, sendTestEmailSchema } from '@pharmacy/shared/messaging/email-and-fax.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSendTestEmail } from '../api/send-test-email.ts';
import { useTestEmailConnection } from '../api/test-email-connection.ts';
import { MessageQueueDialog } from './message-queue-dialog.tsx';

export interface EmailActionsProps {
  pharmacyId: string;
}

type OpenDialog = 'none' | 'send' | 'connection' | 'queue';

export function EmailActions({ pharmacyId }: EmailActionsProps) {
  const [dialog, setDialog] = useState<OpenDialog>('none');
  const connection = useTestEmailConnection();
  const close = () => setDialog('none');

  const testConnection = () => {
    connection.mutate(undefined, {
      onSuccess: (result) => {
        setDialog('connection');
        toast(result.ok ? { title: MESSAGING_TOASTS.connectionSucceeded, description: `${result.host}:${result.port} answered` } : { title: MESSAGING_TOASTS.connectionFailed, description: result.error ?? undefined, variant: 'destructive' });
      },
      onError: (error) => toast({ title: MESSAGING_TOASTS.connectionFailed, description: error.message, variant: 'destructive' }),
    });
  };

  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-outline" onClick={testConnection} disabled={connection.isPending}>
        {connection.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {connection.isPending ? 'Testing…' : 'Test Email Connection'}
      </button>
      <button type="button" className="btn btn-outline" onClick={() => setDialog('send')}>
        Send Test Email
      </button>
      <button type="button" className="btn btn-outline" onClick={() => setDialog('queue')}>
        View Email Queue
      </button>
      <SendTestEmailDialog open={dialog === 'send'} onClose={close} />
      <ConnectionResultDialog result={dialog === 'connection' ? (connection.data ?? null) : null} onClose={close} />
      <MessageQueueDialog pharmacyId={pharmacyId} channel="email" open={dialog === 'queue'} onClose={close} />
    </div>
  );
}

function SendTestEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const send = useSendTestEmail();
  const { register, handleSubmit, formState, reset } = useForm<SendTestEmailInput>({ resolver: zodResolver(sendTestEmailSchema), defaultValues: { to: '' } });
  const closeAndReset = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (sent) => {
        toast({ title: MESSAGING_TOASTS.testEmailSent, description: `Sent to ${sent.recipient}` });
        closeAndReset();
      },
      onError: (error) => toast({ title: MESSAGING_TOASTS.testEmailFailed, description: error.message, variant: 'destructive' }),
    }),
  );
  return (
    <Dialog title="Send Test Email" open={open} onClose={closeAndReset} dismissible={!send.isPending} size="md">
      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <p className="text-sm text-base-content/70">A real email is sent with the saved SMTP settings.</p>
        <TextField label="Recipient" type="email" required data-autofocus error={formState.errors.to?.message} {...register('to')} />
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={closeAndReset} disabled={send.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {send.isPending ? 'Sending…' : 'Send Test Email'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ConnectionResultDialog({ result, onClose }: { result: EmailConnectionResult | null; onClose: () => void }) {
  return (
    <Dialog title="Email Connection Test" open={result !== null} onClose={onClose} size="lg" closeButton>
      {result ? (
        <div className="flex flex-col gap-3">
          <p className={result.ok ? 'text-success' : 'text-error'} role="status">
            {result.ok ? `Connected to ${result.host}:${result.port}` : `Connection failed: ${result.error ?? 'unknown error'}`}
          </p>
          {result.ok ? (
            <p className="text-sm">
              {result.encrypted ? 'Encrypted (TLS)' : 'Not encrypted'} · {result.authenticated ? 'Signed in' : 'No sign-in'}
            </p>
          ) : null}
          {result.transcript.length > 0 ? (
            <section aria-labelledby="smtp-transcript-title">
              <h3 id="smtp-transcript-title" className="mb-1 text-sm text-base-content/70">
                What the server said
              </h3>
              <pre className="max-h-64 overflow-auto rounded bg-base-200 p-3 text-xs">{result.transcript.join('\n')}</pre>
            </section>
          ) : null}
        </div>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
