/** Tabbed onboarding, Admin tab: the administrator account created with the pharmacy. */
import { TextField } from '../../../components/form/text-field.tsx';
import { withPhoneMask } from '../../../components/form/phone-mask.ts';
import type { TabbedForm } from './tabbed-form.ts';

export function TabbedAdminTab({ form }: { form: TabbedForm }) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First Name" required error={errors.adminFirstName?.message} {...register('adminFirstName')} />
      <TextField label="Last Name" required error={errors.adminLastName?.message} {...register('adminLastName')} />
      <TextField label="Admin Email" required type="email" autoComplete="username" error={errors.adminEmail?.message} {...register('adminEmail')} />
      <TextField label="Admin Phone" required type="tel" placeholder="(555) 123-4567" error={errors.adminPhone?.message} {...withPhoneMask(register('adminPhone'))} />
      <TextField label="Password" required type="password" autoComplete="new-password" hint="At least 8 characters" className="sm:col-span-2" error={errors.adminPassword?.message} {...register('adminPassword')} />
    </div>
  );
}
