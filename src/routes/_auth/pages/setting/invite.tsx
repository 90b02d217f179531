import { createFileRoute } from '@tanstack/react-router';
import { InviteScreen } from '../../../../features/people/InviteScreen';

/** Invitations and rebates (the spec names no route for it; it sits beside share). */
export const Route = createFileRoute('/_auth/pages/setting/invite')({ component: InviteScreen });
