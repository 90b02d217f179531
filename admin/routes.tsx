import { createHashHistory, createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { ToastHost } from '../src/ui/toast';
import { auditSearch } from './audit/search';
import { contentSearch } from './content/content';
import { isQueue, type QueueName } from './queues/queues';
import { productsSearch } from './products/products';
import { operatorName } from './session';
import { userSearch, usersSearch } from './users/search';
import { Shell } from './Shell';
import { SignIn } from './SignIn';

/**
 * The console's routes, hash routing under /admin/: #/ signs in, #/overview, #/queues,
 * #/audit, #/users, #/users/<uid>, #/products, #/content and #/account are behind the sign-in (the
 * pathless `shell` layout: sidebar and content). A handful of routes, so they are written
 * here rather than generated from files as the app's are; each screen is its own chunk.
 */
const root = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <ToastHost />
    </>
  ),
});

export const signInRoute = createRoute({
  getParentRoute: () => root,
  path: '/',
  beforeLoad: () => {
    if (operatorName.value !== null) throw redirect({ to: '/queues', search: { queue: 'identities' } });
  },
  component: SignIn,
});

const shell = createRoute({
  getParentRoute: () => root,
  id: 'shell',
  beforeLoad: () => {
    if (operatorName.value === null) throw redirect({ to: '/' });
  },
  component: Shell,
});

export const queuesRoute = createRoute({
  getParentRoute: () => shell,
  path: '/queues',
  validateSearch: (search: Record<string, unknown>): { queue: QueueName } => ({ queue: isQueue(search['queue']) ? search['queue'] : 'identities' }),
  component: lazyRouteComponent(() => import('./queues/QueuesScreen'), 'QueuesScreen'),
});

export const auditRoute = createRoute({
  getParentRoute: () => shell,
  path: '/audit',
  validateSearch: auditSearch,
  component: lazyRouteComponent(() => import('./audit/AuditScreen'), 'AuditScreen'),
});

export const accountRoute = createRoute({
  getParentRoute: () => shell,
  path: '/account',
  component: lazyRouteComponent(() => import('./account/AccountScreen'), 'AccountScreen'),
});

export const overviewRoute = createRoute({
  getParentRoute: () => shell,
  path: '/overview',
  component: lazyRouteComponent(() => import('./overview/OverviewScreen'), 'OverviewScreen'),
});

export const contentRoute = createRoute({
  getParentRoute: () => shell,
  path: '/content',
  validateSearch: contentSearch,
  component: lazyRouteComponent(() => import('./content/ContentScreen'), 'ContentScreen'),
});

export const usersRoute = createRoute({
  getParentRoute: () => shell,
  path: '/users',
  validateSearch: usersSearch,
  component: lazyRouteComponent(() => import('./users/UsersScreen'), 'UsersScreen'),
});

export const userRoute = createRoute({
  getParentRoute: () => shell,
  path: '/users/$uid',
  validateSearch: userSearch,
  component: lazyRouteComponent(() => import('./users/UserScreen'), 'UserScreen'),
});

export const productsRoute = createRoute({
  getParentRoute: () => shell,
  path: '/products',
  validateSearch: productsSearch,
  component: lazyRouteComponent(() => import('./products/ProductsScreen'), 'ProductsScreen'),
});

export function createConsoleRouter() {
  return createRouter({
    routeTree: root.addChildren([signInRoute, shell.addChildren([overviewRoute, queuesRoute, usersRoute, userRoute, auditRoute, productsRoute, contentRoute, accountRoute])]),
    history: createHashHistory(),
    defaultPreload: 'intent',
  });
}

// The console's own program (admin/tsconfig.json) registers its router, as the app's does
// in src/router.ts: the two never compile together, the console taking none of the app's routes.
declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>;
  }
}
