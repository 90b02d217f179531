import path from 'node:path';

/** The browser storage every spec's phone starts with (written by global-setup, per checkout). */
export const DEVICE_STATE = path.resolve(import.meta.dirname, '../../node_modules/.cache/kestrel-e2e-device.json');
