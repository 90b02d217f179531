import { createHashHistory, createRouter } from '@tanstack/react-router';
import { bindNavigation } from './app/navigation';
import { LoadError, NotFound } from './ui/ErrorScreens';
import { routeTree } from './routeTree.gen';

/**
 * Hash routing under /h5/ (spec 2): http://host/h5/#/pages/common/login. Made once by
 * src/main.tsx, in a task of its own (building the route tree and reading the location
 * is one of the start's longer steps).
 */
export function createAppRouter() {
  const router = createRouter({
    routeTree,
    history: createHashHistory(),
    defaultPreload: 'intent',
    defaultPendingMs: 200,
    defaultErrorComponent: LoadError,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
  bindNavigation(
    (path, search) => void router.navigate({ to: path, ...(search ? { search } : {}) }),
    () => router.state.location.href,
  );
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
