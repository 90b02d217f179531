import { createFileRoute, redirect } from '@tanstack/react-router';
import { LOGIN_PATH, REDIRECT_DELAY_MS } from '../app/navigation';
import { token } from '../app/session';
import { translate } from '../i18n';
import { toast } from '../ui/toast';

/**
 * Screens that need a logged-in user. Without a token: "please log in first", then
 * the login screen after 1200 ms (spec 2), which brings the user back here after.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ location, preload }) => {
    if (token.value) return;
    // A link preloads its screen when the pointer rests on it: no toast for that, only for a visit.
    if (preload) throw redirect({ to: LOGIN_PATH, search: { redirect: location.href } });
    toast(translate('common:login_first'));
    await new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
    throw redirect({ to: LOGIN_PATH, search: { redirect: location.href } });
  },
});
