import { Outlet, createRootRoute } from '@tanstack/react-router';
import { LoadError, NotFound } from '../ui/ErrorScreens';
import { LoadingHost } from '../ui/loading';
import { TabBar } from '../ui/TabBar';
import { ToastHost } from '../ui/toast';

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <TabBar />
      <ToastHost />
      <LoadingHost />
    </>
  ),
  errorComponent: LoadError,
  notFoundComponent: NotFound,
});
