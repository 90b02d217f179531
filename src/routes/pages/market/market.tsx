import { createFileRoute } from '@tanstack/react-router';
import { MarketScreen } from '../../../features/market/MarketScreen';

export const Route = createFileRoute('/pages/market/market')({ component: MarketScreen });
