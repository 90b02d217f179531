import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { LOGIN_PATH } from '../app/navigation';
import { token } from '../app/session';
import { LoginFirst } from '../features/auth/LoginFirst';

/**
 * Screens that need a logged-in user. Without a token the screen's frame shows at once
 * with "please log in first", then the login screen after 1200 ms (spec 2), which brings
 * the user back here after (LoginFirst).
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ location, preload }) => {
    // A link preloads its screen when the pointer rests on it: nothing to show for that.
    if (!token.value && preload) throw redirect({ to: LOGIN_PATH, search: { redirect: location.href } });
  },
  component: AuthGate,
});

function AuthGate() {
  useSignals();
  return token.value ? <Outlet /> : <LoginFirst />;
}
