import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../../../../features/settings/SettingsScreen';

export const Route = createFileRoute('/_auth/pages/setting/setting')({ component: SettingsScreen });
