/**
 * View Email Queue / View Fax Queue (spec part 2 §2 Email and Fax tabs): the pharmacy's real outbound messages of
 * the channel — queued, sending, sent, failed — newest first, with attempts, sent time and the last error, paged by
 * the server (GET /api/system-settings/{email|fax}/queue) and filtered by status.
 */
import {
  MESSAGE_KIND_LABELS,
  MESSAGE_QUEUE_PAGE_SIZE,
  MESSAGE_STATUS_LABELS,
  OUTBOUND_MESSAGE_STATUSES,
  type OutboundMessage,
  type OutboundMessageStatus,
} from '@pharmacy/shared/messaging/email-and-fax.ts';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { SelectField } from '../../../components/form/select-field.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { withQueryData } from '../../../components/ui/query-state.tsx';
import { useMessageQueue } from '../api/get-message-queue.ts';
import type { MessageChannel } from '../keys.ts';

export interface MessageQueueDialogProps {
  pharmacyId: string;
  channel: MessageChannel;
  open: boolean;
  onClose: () => void;
}

const TITLES: Record<MessageChannel, string> = { email: 'Email Queue', fax: 'Fax Queue' };

const STATUS_BADGES: Record<OutboundMessageStatus, string> = {
  queued: 'badge-info',
  sending: 'badge-warning',
  sent: 'badge-success',
  failed: 'badge-error',
};

const STATUS_OPTIONS = OUTBOUND_MESSAGE_STATUSES.map((status) => ({ value: status, label: MESSAGE_STATUS_LABELS[status] }));

function formatTime(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }) : '—';
}

const column = createColumnHelper<OutboundMessage>();

const COLUMNS = [
  column.accessor('createdAt', { header: 'Created', cell: (info) => formatTime(info.getValue()), enableSorting: false }),
  column.accessor('recipient', { header: 'Recipient', enableSorting: false }),
  column.accessor('subject', { header: 'Subject', enableSorting: false }),
  column.accessor('kind', { header: 'Type', cell: (info) => MESSAGE_KIND_LABELS[info.getValue()], enableSorting: false }),
  column.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (info) => <span className={`badge badge-soft ${STATUS_BADGES[info.getValue()]}`}>{MESSAGE_STATUS_LABELS[info.getValue()]}</span>,
  }),
  column.accessor('attempts', { header: 'Attempts', enableSorting: false }),
  column.display({
    id: 'outcome',
    header: 'Sent / Last Error',
    cell: ({ row }) => (row.original.status === 'sent' ? formatTime(row.original.sentAt) : (row.original.lastError ?? '—')),
  }),
] as ColumnDef<OutboundMessage, never>[];

export function MessageQueueDialog({ pharmacyId, channel, open, onClose }: MessageQueueDialogProps) {
  const [status, setStatus] = useState<OutboundMessageStatus | ''>('');
  const [pageIndex, setPageIndex] = useState(0);
  const query = { page: pageIndex + 1, pageSize: MESSAGE_QUEUE_PAGE_SIZE, ...(status ? { status } : {}) };
  const queue = useMessageQueue(pharmacyId, channel, query, open);
  const total = queue.data?.total ?? 0;
  const rows = queue.data?.messages;
  const first = pageIndex * MESSAGE_QUEUE_PAGE_SIZE + 1;
  const summary = rows && rows.length > 0 ? `Showing ${first}–${first + rows.length - 1} of ${total.toLocaleString('en-US')}` : null;

  return (
    <Dialog title={TITLES[channel]} open={open} onClose={onClose} size="table" closeButton>
      <div className="flex flex-col gap-4">
        <SelectField
          label="Status"
          placeholder="All statuses"
          options={STATUS_OPTIONS}
          className="max-w-xs"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OutboundMessageStatus | '');
            setPageIndex(0);
          }}
        />
        <DataTable
          columns={COLUMNS}
          query={withQueryData(queue, rows)}
          errorText={`The ${channel} queue could not be loaded`}
          emptyText={`No ${channel} messages${status ? ` with status ${MESSAGE_STATUS_LABELS[status]}` : ''}`}
          loadingLabel={`Loading the ${channel} queue`}
          getRowId={(message) => message.id}
          sorting={[]}
          onSortingChange={() => undefined}
          paging={{
            pageIndex,
            pageSize: MESSAGE_QUEUE_PAGE_SIZE,
            total,
            onPageChange: setPageIndex,
            summary,
            label: `${TITLES[channel]} pages`,
            disabled: queue.isPlaceholderData,
          }}
        />
      </div>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
