import { useState } from 'react';
import { ApiFailure } from '../api/client';

/**
 * Runs a form's action with the button busy meanwhile. API failures were already
 * shown by the client and end the action quietly; anything else is a bug and is thrown.
 */
export function useSubmit(): [busy: boolean, run: (action: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}
