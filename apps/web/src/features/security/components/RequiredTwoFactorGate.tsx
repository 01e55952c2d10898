import { useEffect, useState } from 'react';
import { useCurrentUser, useSession } from '../../../shared/session/context';
import { TwoFactorEnrolDialog } from './TwoFactorEnrolDialog';

/**
 * A user whose company (or the platform, for admins) requires a second factor and who has none is led to enrol right
 * after signing in: the enrolment dialog stays until it is done (or the user signs out).
 */
export function RequiredTwoFactorGate() {
  const user = useCurrentUser();
  const { logout } = useSession();
  const due = user.twoFactorRequired && !user.twoFactorEnabled;
  // Kept open after the confirmation turned the factor on, until the recovery codes shown then are dismissed.
  const [open, setOpen] = useState(due);
  useEffect(() => {
    if (due) setOpen(true);
  }, [due]);
  return <TwoFactorEnrolDialog open={open} required onClose={() => setOpen(false)} onSignOut={() => void logout()} />;
}
