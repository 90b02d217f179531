import { Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadError, NotFound } from '../ui/ErrorScreens';
import { LoadingHost } from '../ui/loading';
import { TabBar } from '../ui/TabBar';
import { ToastHost } from '../ui/toast';
import { UpdatePrompt } from '../app/update';
import { textsFor } from '../i18n';

/**
 * Marks the page with the path of the screen it shows (`<html data-screen>`), once that
 * screen has loaded: while a screen's code loads, the previous one stays up, so tests
 * and tools wait for this before they type.
 */
function ScreenMarker() {
  const shown = useRouterState({ select: (state) => (state.status === 'idle' ? state.resolvedLocation?.pathname : undefined) });
  useEffect(() => {
    if (shown) document.documentElement.dataset['screen'] = shown;
  }, [shown]);
  return null;
}

export const Route = createRootRoute({
  // A screen's texts are in before it renders (the first screens' come with the app).
  beforeLoad: ({ location }) => textsFor(location.pathname),
  component: () => (
    <>
      <Outlet />
      <TabBar />
      <ToastHost />
      <UpdatePrompt />
      <LoadingHost />
      <ScreenMarker />
    </>
  ),
  errorComponent: LoadError,
  notFoundComponent: NotFound,
});
