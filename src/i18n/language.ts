import { signal } from '@preact/signals-react';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/languages';

/** The interface language as a signal; anything formatted for display depends on it. */
export const language = signal<Language>(DEFAULT_LANGUAGE);
