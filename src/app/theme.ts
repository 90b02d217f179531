import { computed, effect, signal } from '@preact/signals-react';
import { readString, STORAGE_KEYS, writeString } from '../lib/storage';

/**
 * The look the device chose: the theme (follow the system, light or dark) and the colour
 * convention (green up and red down, or red up and green down as in the zh and hk
 * markets). Both are kept on the device and shown as `<html data-theme data-colors>`,
 * which src/ui/theme.css and the charts (charts/theme.ts) read. index.html's first
 * script sets the same two attributes from the same storage before the first paint;
 * keepTheme() keeps them true afterwards (a choice in settings, the system switching).
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';
export type ColorConvention = 'green-up' | 'red-up';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const COLOR_CONVENTIONS: readonly ColorConvention[] = ['green-up', 'red-up'];

const storedTheme = readString(STORAGE_KEYS.theme);
export const themeChoice = signal<ThemeChoice>(storedTheme === 'light' || storedTheme === 'dark' ? storedTheme : 'system');
export const colorConvention = signal<ColorConvention>(readString(STORAGE_KEYS.colors) === 'red-up' ? 'red-up' : 'green-up');

const systemQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: light)') : null;
const systemTheme = signal<Theme>(systemQuery?.matches ? 'light' : 'dark');
systemQuery?.addEventListener('change', (event) => {
  systemTheme.value = event.matches ? 'light' : 'dark';
});

/** The theme shown: the chosen one, or the system's. */
export const theme = computed<Theme>(() => (themeChoice.value === 'system' ? systemTheme.value : themeChoice.value));

export function setThemeChoice(next: ThemeChoice): void {
  writeString(STORAGE_KEYS.theme, next === 'system' ? null : next);
  themeChoice.value = next;
}

export function setColorConvention(next: ColorConvention): void {
  writeString(STORAGE_KEYS.colors, next === 'red-up' ? next : null);
  colorConvention.value = next;
}

let kept = false;

/**
 * Keeps `<html data-theme data-colors>` and the browser bar's colour true to the choice,
 * from the start on (src/main.tsx; index.html's first script set them before the first
 * paint). Not at module load, and the computed style is read with a frame: read at once
 * it would force a style calculation in the middle of the start.
 */
export function keepTheme(): void {
  if (kept) return;
  kept = true;
  effect(() => {
    const root = document.documentElement;
    root.dataset['theme'] = theme.value;
    root.dataset['colors'] = colorConvention.value;
    // The browser's bar takes the page's background (the palette's --bg, one place for the
    // colour), read with the next frame, when the page's style is worked out anyway.
    requestAnimationFrame(() => {
      const background = getComputedStyle(root).getPropertyValue('--bg').trim();
      const meta = document.querySelector('meta[name="theme-color"]');
      if (meta && background) meta.setAttribute('content', background);
    });
  });
}
