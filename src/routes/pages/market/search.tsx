import { createFileRoute } from '@tanstack/react-router';
import { SearchScreen } from '../../../features/market/SearchScreen';

export const Route = createFileRoute('/pages/market/search')({ component: SearchScreen });
