/**
 * The landscape chart's hold on the screen: the page full screen (the Fullscreen API,
 * where the browser has it) and the screen turned to landscape (where it lets a page:
 * Chromium on Android, once full screen). Where neither is allowed (an iPhone's Safari)
 * the chart turns itself a quarter on a portrait screen instead (chart.module.css).
 */
declare global {
  interface ScreenOrientation {
    /** Not in TypeScript's DOM types (only some browsers have it); a promise refused where not allowed. */
    lock?(orientation: 'landscape'): Promise<void>;
  }
}

/** Asks for full screen and landscape; must run in the tap's handler (browsers allow it only then). */
export function enterLandscape(): void {
  const page = document.documentElement;
  if (typeof page.requestFullscreen !== 'function' || document.fullscreenElement) return;
  page
    .requestFullscreen({ navigationUI: 'hide' })
    .then(() => screen.orientation.lock?.('landscape'))
    .catch(() => undefined);
}

/** Gives the screen back: out of full screen, and the orientation free again. */
export function leaveLandscape(): void {
  try {
    screen.orientation.unlock();
  } catch {
    // Not locked, or not allowed: nothing to give back.
  }
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
}
