import { useState } from 'react';
import type { MarketInfo } from '../../../contract/worker-api';
import { AlertBell } from '../../app/alerts';
import { askToLogIn } from '../../app/login-first';
import { loggedIn } from '../../app/session';
import { AlertSheet } from './AlertSheet';

/** The bell in a pair's navigation bar (with the unread count): it opens the add-alert sheet at the last price. */
export function PairAlert({ info }: { info: MarketInfo }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <AlertBell onClick={() => (loggedIn.peek() ? setOpen(true) : askToLogIn())} testId="pair-alert" />
      <AlertSheet info={info} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
