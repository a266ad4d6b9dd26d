/**
 * Signed in, a screen the signed-in role may not open (shared/src/staff/screens.ts), reached by typing its address:
 * says so instead of showing the screen. The router serves this page in the screen's place, so a role never
 * downloads the code of a screen it may not open; the database refuses the data behind it all the same.
 */
import { Link } from 'react-router-dom';
import { screenAudience, type Screen, type StaffRole } from '@pharmacy/shared/staff/screens.ts';
import { paths } from '../../../config/paths.ts';

const ROLE_NAMES: Record<StaffRole, string> = { admin: 'an admin', pharmacist: 'a pharmacist', technician: 'a technician' };

export interface NotAvailableForRoleRouteProps {
  screen: Screen;
  role: StaffRole;
}

export function NotAvailableForRoleRoute({ screen, role }: NotAvailableForRoleRouteProps) {
  return (
    <section className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-3xl font-bold">Not available for your role</h1>
      <p className="max-w-lg text-base-content/70">
        {screen.title} is open to {screenAudience(screen)} only. You are signed in as {ROLE_NAMES[role]}; ask a pharmacy
        admin if you need it.
      </p>
      <Link to={paths.home} className="btn btn-primary">
        Go to the Dashboard
      </Link>
    </section>
  );
}
