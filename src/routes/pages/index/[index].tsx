import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../../features/home/HomeScreen';

/** The home tab's name in the original route table (spec 2). */
export const Route = createFileRoute('/pages/index/index')({ component: HomeScreen });
