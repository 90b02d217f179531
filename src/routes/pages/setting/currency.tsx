import { createFileRoute } from '@tanstack/react-router';
import { CurrencyScreen } from '../../../features/settings/CurrencyScreen';

export const Route = createFileRoute('/pages/setting/currency')({ component: CurrencyScreen });
