/** /account/two-factor signed in: the staff member's own two-factor authentication (any role). */
import { TwoFactorSettings } from '../../../features/two-factor/components/two-factor-settings.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function TwoFactorRoute() {
  const userId = useSignedInStaff().user.id;
  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Two-Factor Authentication</h1>
        <p className="mt-1 text-sm text-base-content/70">Protect your account with a code from an authenticator app.</p>
      </div>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body"><TwoFactorSettings userId={userId} /></div>
      </div>
    </section>
  );
}
