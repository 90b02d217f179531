import { api } from '../../api/client';
import { navigate } from '../../app/navigation';
import { clearSession, setUser, startSession, token } from '../../app/session';

/** Reloads the logged-in user; quiet, since screens show what they have meanwhile. */
export async function refreshUser(): Promise<void> {
  if (!token.value) return;
  setUser(await api('GET /user/info', {}, { silent: true }));
}

/** After login or registration: keep the token, load the user. */
export async function completeLogin(newToken: string): Promise<void> {
  startSession(newToken);
  await refreshUser();
}

/** Ends this session on the server (best effort) and here, then goes home. */
export async function logout(): Promise<void> {
  try {
    await api('GET /user/logout', {}, { silent: true });
  } catch {
    // The token is forgotten here whatever the server said.
  }
  clearSession();
  navigate('/');
}
