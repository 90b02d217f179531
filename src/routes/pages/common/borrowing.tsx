import { createFileRoute } from '@tanstack/react-router';
import { BorrowScreen } from '../../../features/borrow/BorrowScreen';
import { loadNamespace } from '../../../i18n';

/** Borrowing (spec 1, 2): USDT against BTC or ETH; the terms for everyone, taking and managing loans once logged in. */
export const Route = createFileRoute('/pages/common/borrowing')({ loader: () => loadNamespace('finance'), component: BorrowScreen });
