/**
 * Add User (issue 11; admin only — the api refuses anyone else): email, names, role, and the license (number,
 * state, expiration, type), validated with the shared inviteStaffUserSchema. On success the invited person has
 * an invitation email; the toast names the address it went to.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { inviteStaffUserSchema, STAFF_ROLES, type InviteStaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { US_STATE_OPTIONS } from '../../../components/form/us-state-options.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useInviteUser } from '../api/invite-user.ts';
import { ROLE_LABELS } from './staff-format.ts';

type InviteFormInput = z.input<typeof inviteStaffUserSchema>;

const EMPTY_INVITE: InviteFormInput = {
  email: '',
  firstName: '',
  lastName: '',
  role: '' as InviteFormInput['role'],
  licenseNumber: '',
  licenseState: '',
  licenseExpiration: '',
  licenseType: '',
};

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export interface AddUserDialogProps {
  open: boolean;
  onClose: () => void;
}

export function AddUserDialog({ open, onClose }: AddUserDialogProps) {
  const inviteUser = useInviteUser();
  return (
    <Dialog title="Add User" open={open} onClose={onClose} size="xl" closeButton dismissible={!inviteUser.isPending}>
      <AddUserForm
        isSaving={inviteUser.isPending}
        onCancel={onClose}
        onSubmit={(values) =>
          inviteUser.mutate(values, {
            onSuccess: (user) => {
              toast({ title: 'Invitation sent', description: `An invitation email was sent to ${user.email}.` });
              onClose();
            },
            onError: (error) => toast({ title: 'Error', description: error.message || 'The user could not be invited', variant: 'destructive' }),
          })
        }
      />
    </Dialog>
  );
}

interface AddUserFormProps {
  isSaving: boolean;
  onSubmit: (values: InviteStaffUser) => void;
  onCancel: () => void;
}

function AddUserForm({ isSaving, onSubmit, onCancel }: AddUserFormProps) {
  const { register, handleSubmit, formState } = useForm<InviteFormInput, unknown, InviteStaffUser>({
    resolver: zodResolver(inviteStaffUserSchema),
    defaultValues: EMPTY_INVITE,
  });
  const { errors } = formState;
  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <p className="text-sm text-base-content/70">
        The new staff member gets an email with a link to set their password, then signs in to your pharmacy with this role.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Email" type="email" required autoComplete="off" className="sm:col-span-2" data-autofocus error={errors.email?.message} {...register('email')} />
        <TextField label="First Name" required autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last Name" required autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
        <SelectField label="Role" required placeholder="Select role" options={ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
        <TextField label="License Type" placeholder="e.g. RPh, CPhT" error={errors.licenseType?.message} {...register('licenseType')} />
        <TextField label="License Number" error={errors.licenseNumber?.message} {...register('licenseNumber')} />
        <SelectField label="License State" placeholder="Select state" options={US_STATE_OPTIONS} error={errors.licenseState?.message} {...register('licenseState')} />
        <TextField label="License Expiration" type="date" error={errors.licenseExpiration?.message} {...register('licenseExpiration')} />
      </div>
      <div className="modal-action mt-0">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={isSaving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSaving}>
          {isSaving ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {isSaving ? 'Sending invitation...' : 'Send Invitation'}
        </button>
      </div>
    </form>
  );
}
