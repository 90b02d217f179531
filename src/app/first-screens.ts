/**
 * The screens a cold start is built for: the home tab (and its old name) and the market
 * tab. They open with only the bundled English (src/i18n/resources.ts), and the app's own
 * modules they import come in one chunk (vite.config.ts, firstScreensGroup).
 */
export const FIRST_SCREENS: readonly string[] = ['/', '/pages/index/index', '/pages/market/market'];
