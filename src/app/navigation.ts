/**
 * Lets code outside React (the API client, session handling) change screens without
 * importing the router, which imports every route.
 */
export const LOGIN_PATH = '/pages/common/login';
export const REAL_NAME_PATH = '/pages/setting/real_mark';
/** Spec 2 and 8: toast first, then go after 1200 ms. */
export const REDIRECT_DELAY_MS = 1200;

type Navigate = (path: string, search?: Record<string, string>) => void;
let navigateImpl: Navigate = (path) => {
  window.location.hash = `#${path}`;
};
let currentPathImpl: () => string = () => window.location.hash.slice(1) || '/';

export function bindNavigation(navigate: Navigate, currentPath: () => string): void {
  navigateImpl = navigate;
  currentPathImpl = currentPath;
}

export function navigate(path: string, search?: Record<string, string>): void {
  navigateImpl(path, search);
}

export function currentPath(): string {
  return currentPathImpl();
}

/**
 * Runs `go` after the toast has been read (REDIRECT_DELAY_MS), unless the user has moved
 * to another screen meanwhile: a late redirect must not pull them out of what they do next.
 */
export function redirectAfterToast(go: () => void): void {
  const from = window.location.hash;
  setTimeout(() => {
    if (window.location.hash === from) go();
  }, REDIRECT_DELAY_MS);
}

/** To the login screen, coming back here after logging in. */
export function goToLogin(): void {
  const from = currentPath();
  navigate(LOGIN_PATH, from.startsWith(LOGIN_PATH) ? undefined : { redirect: from });
}
