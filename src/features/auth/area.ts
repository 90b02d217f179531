import { computed, signal } from '@preact/signals-react';
import type { Area } from '../../../contract/areas';

/**
 * The country or region chosen on the area screen (default China, 86), shared by every
 * form that asks for a mobile number. Several regions share a code (+1), so the region
 * is kept too.
 */
export const chosenArea = signal<Area>({ region: 'CN', dial: '86' });
export const areaCode = computed(() => chosenArea.value.dial);
