/** /forgot-password (issue 11), linked from the sign-in page: asks Supabase Auth to mail a recovery link. */
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordRoute() {
  return (
    <section className="flex flex-1 items-start justify-center">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <div>
            <h1 className="text-2xl font-bold">Reset Your Password</h1>
            <p className="mt-1 text-sm text-base-content/70">Enter the email you sign in with and we will send you a link to set a new password.</p>
          </div>
          <ForgotPasswordForm />
          <p className="text-center text-sm">
            <Link to={paths.login} className="link link-primary">
              Back to Sign In
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
