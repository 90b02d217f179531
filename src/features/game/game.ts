import type { ApiOutput } from '../../../contract/api';
import { optionResultAt } from '../../../contract/trading';

/**
 * The mini game's pure parts (server/game/desk.ts has the rules): where a running round
 * stands at a price, what a settled one did to the points, the stake a player typed, the
 * quick stakes, the countdown and when to ask the server again.
 */
export type GameInfo = ApiOutput<'GET /game/info'>;
export type GameRound = ApiOutput<'POST /game/play'>;
export type Guess = GameRound['guess'];
export type Outcome = Exclude<GameRound['status'], 'open'>;
export type Leader = ApiOutput<'GET /game/leaderboard'>[number];

export const GUESSES: readonly Guess[] = ['higher', 'lower'];

/** The same rule the server settles by: above the start wins a "higher", below it a "lower", the same price ties. */
export function standingAt(guess: Guess, start: string, price: string): Outcome {
  const result = optionResultAt(guess === 'higher' ? 1 : -1, start, price);
  return result === 'win' ? 'won' : result === 'loss' ? 'lost' : 'tie';
}

/** What a settled round did to the points: +stake when won (twice the stake paid back), 0 on a tie, -stake when lost. */
export function netOf(round: Pick<GameRound, 'stake' | 'payout' | 'status'>): number | null {
  return round.status === 'open' || round.payout === null ? null : round.payout - round.stake;
}

/** Whole seconds until `expiresAt` on the server's clock, never below zero. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

export type StakeCheck = { ok: true; stake: number } | { ok: false; problem: 'whole' | 'min' | 'over' };

/** The stake as typed: whole points, at least the game's minimum, at most the player's points. */
export function checkStake(typed: string, min: number, points: number): StakeCheck {
  if (!/^\d{1,10}$/.test(typed) || Number(typed) === 0) return { ok: false, problem: 'whole' };
  const stake = Number(typed);
  if (stake < min) return { ok: false, problem: 'min' };
  if (stake > points) return { ok: false, problem: 'over' };
  return { ok: true, stake };
}

/** The quick stakes under the field: fixed amounts, then all the player's points. */
export const QUICK_STAKES = [10, 50, 100] as const;

/**
 * How long to wait before asking for the rounds again while some run: until just after
 * the first one ends (the first trade at or after it settles it), then every 2 s until
 * the answer says it is settled. Null when nothing runs.
 */
export function nextPoll(running: readonly Pick<GameRound, 'expires_at'>[], now: number): number | null {
  if (running.length === 0) return null;
  const first = Math.min(...running.map((round) => round.expires_at));
  const wait = first - now;
  return wait > 0 ? Math.min(wait + 300, 5000) : 2000;
}

/** Results kept among the live rounds once settled. */
export const KEPT_RESULTS = 3;

/**
 * The rounds the screen follows, after a fresh answer: every running round, and those
 * that ran while the screen was open (they stay, with their result). `followed` are the
 * ids seen running; `landed` the rounds that settled since the last answer.
 */
export function followRounds(shown: readonly GameRound[], answer: readonly GameRound[], followed: ReadonlySet<number>): { rounds: GameRound[]; landed: GameRound[]; followed: Set<number> } {
  const next = new Set(followed);
  for (const round of answer) if (round.status === 'open') next.add(round.id);
  const fresh = new Map(answer.map((round) => [round.id, round]));
  const landed = answer.filter((round) => round.status !== 'open' && shown.some((before) => before.id === round.id && before.status === 'open'));
  // Newest first, as the server lists them; a followed round past the answer's page keeps what was known of it.
  const ids = [...new Set([...answer.map((round) => round.id), ...shown.map((round) => round.id)])].filter((id) => next.has(id)).sort((a, b) => b - a);
  const known = ids.flatMap((id) => {
    const round = fresh.get(id) ?? shown.find((candidate) => candidate.id === id);
    return round ? [round] : [];
  });
  // The newest results stay; older ones are in the history below.
  let results = 0;
  const rounds = known.filter((round) => round.status === 'open' || ++results <= KEPT_RESULTS);
  for (const round of known) if (!rounds.includes(round)) next.delete(round.id);
  return { rounds, landed, followed: next };
}
