import { createFileRoute } from '@tanstack/react-router';
import { GameScreen } from '../../../features/game/GameScreen';
import { loadNamespace } from '../../../i18n';

/** The mini game (spec 1, 2): higher or lower in 60 seconds with game points, never money; the rules and the leaderboard for everyone, playing once logged in. */
export const Route = createFileRoute('/pages/game/game')({ loader: () => loadNamespace('game'), component: GameScreen });
