import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '@/lib/notify';

/** SPEC §8: a failed or missing record redirects to its list (or the dashboard) with a toast. */
export function RedirectWithToast({ to, message }: { to: string; message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    notifyError(message);
    navigate(to, { replace: true });
  }, [navigate, to, message]);
  return null;
}
