import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatAmount, formatClock, formatFixed, formatSigned } from '../../../contract/format';
import type { Language } from '../../../contract/languages';
import { api, ApiFailure } from '../../api/client';
import { markets, quoteOf, serverNow } from '../../core/store';
import { language, useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { usePaged } from '../../lib/usePaged';
import { BoundText } from '../../ui/BoundText';
import { ListFooter } from '../../ui/ListFooter';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { followRounds, netOf, nextPoll, secondsLeft, standingAt, type GameInfo, type GameRound } from './game';
import styles from './game.module.css';

/** A price as the server wrote it (at its market's decimals), in the reader's language. */
export function priceOf(price: string, lang: Language): string {
  return formatFixed(Number(price), price.split('.')[1]?.length ?? 0, lang);
}

const points = (value: number, lang: Language) => formatAmount(String(value), lang);

/** Up, down and flat colours (ui/theme.css) for where a round stands or how it ended. */
const TONES = { won: 'up', lost: 'down', tie: 'flat' } as const;

/**
 * The rounds running, and those that ended while the screen was open, kept current: the
 * screen asks for them when it opens, just after a round's end and then every 2 s until
 * the answer has it settled (game.ts nextPoll). Each result is toasted once, and
 * `onSettled` runs (the points changed).
 */
export function useLiveRounds(logged: boolean, onSettled: () => void): { rounds: readonly GameRound[]; add: (round: GameRound) => void } {
  const t = useT();
  const [state, setState] = useState<{ rounds: GameRound[]; followed: Set<number> }>({ rounds: [], followed: new Set() });
  // Another look is scheduled after each answer, or each failure.
  const [asked, setAsked] = useState(0);
  const current = useRef(state);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  const update = useCallback((next: { rounds: GameRound[]; followed: Set<number> }) => {
    current.current = next;
    setState(next);
  }, []);

  const look = useCallback(async () => {
    try {
      const answer = await api('GET /game/rounds', { page: 1, limit: 10 }, { silent: true });
      const next = followRounds(current.current.rounds, answer.data, current.current.followed);
      update({ rounds: next.rounds, followed: next.followed });
      const lang = language.value;
      for (const round of next.landed) {
        toast(t(`game:rounds.landed.${round.status === 'open' ? 'tie' : round.status}`, { symbol: round.symbol, payout: points(round.payout ?? 0, lang), stake: points(round.stake, lang) }), 3000);
      }
      if (next.landed.length > 0) settled.current();
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
    } finally {
      setAsked((count) => count + 1);
    }
  }, [t, update]);

  useEffect(() => {
    update({ rounds: [], followed: new Set() });
    if (logged) void look();
  }, [logged, look, update]);

  useEffect(() => {
    if (!logged) return undefined;
    const wait = nextPoll(
      state.rounds.filter((round) => round.status === 'open'),
      serverNow(),
    );
    if (wait === null) return undefined;
    const timer = setTimeout(() => void look(), wait);
    return () => clearTimeout(timer);
  }, [logged, state, asked, look]);

  const add = useCallback(
    (round: GameRound) => {
      const { rounds, followed } = current.current;
      update({ rounds: [round, ...rounds.filter((shown) => shown.id !== round.id)], followed: new Set([...followed, round.id]) });
    },
    [update],
  );
  return { rounds: state.rounds, add };
}

/** The server's time, again four times a second while a countdown is shown. */
function useServerClock(): ReadonlySignal<number> {
  const now = useMemo(() => signal(serverNow()), []);
  useEffect(() => {
    const timer = setInterval(() => (now.value = serverNow()), 250);
    return () => clearInterval(timer);
  }, [now]);
  return now;
}

export function LiveRounds({ rounds }: { rounds: readonly GameRound[] }) {
  const t = useT();
  const now = useServerClock();
  return (
    <section className={styles.section} aria-labelledby="game-live">
      <h2 id="game-live" className={styles.sectionTitle}>
        {t('game:rounds.title')}
      </h2>
      {rounds.length === 0 ? <p className={styles.empty}>{t('game:rounds.none')}</p> : rounds.map((round) => <RoundCard key={round.id} round={round} now={now} />)}
    </section>
  );
}

/**
 * A round: its guess, the start price, and while it runs the countdown, the live price
 * and where it stands (bound to signals: a tick or a second renders nothing); once
 * settled, the result and the trade that decided it.
 */
function RoundCard({ round, now }: { round: GameRound; now: ReadonlySignal<number> }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  void markets.value; // the quote exists once the worker's catalogue has come
  const quote = quoteOf(round.market_id);
  const open = round.status === 'open';
  const live = useMemo(() => {
    if (!open) return null;
    const left = computed(() => secondsLeft(round.expires_at, now.value));
    const standing = computed(() => {
      const last = quote?.last.value;
      return last !== undefined && Number.isFinite(last) ? standingAt(round.guess, round.start_tick.price, last.toFixed(quote?.info.pricePrecision ?? 0)) : null;
    });
    const span = round.expires_at - round.start_tick.time;
    return {
      clock: computed(() => (left.value > 0 ? t('trade:seconds.left', { seconds: left.value }) : t('game:rounds.settling'))),
      share: computed(() => (span > 0 ? Math.min(1, Math.max(0, (round.expires_at - now.value) / span)) : 0)),
      standing: computed(() => (standing.value ? t(`game:rounds.standing.${standing.value}`) : '')),
      tone: computed(() => (standing.value ? TONES[standing.value] : '')),
    };
  }, [open, round, now, quote, t]);
  const net = netOf(round);
  return (
    <article className={styles.round} data-testid="game-round" data-status={round.status}>
      <header className={styles.roundHead}>
        <span className={styles.roundSymbol}>{round.symbol}</span>
        <GuessBadge guess={round.guess} />
        {live ? (
          <BoundText text={live.clock} className={styles.countdown} testId="game-countdown" />
        ) : (
          <span className={`${styles.result} ${TONES[round.status as keyof typeof TONES]}`} data-testid="game-result">
            {t(`game:rounds.status.${round.status}`)} {net !== null && t('game:rounds.net', { points: formatSigned(net, 0, lang) })}
          </span>
        )}
      </header>
      {live && <Bar share={live.share} />}
      <dl className={styles.facts}>
        <div>
          <dt>{t('game:rounds.stake')}</dt>
          <dd>{points(round.stake, lang)}</dd>
        </div>
        <div>
          <dt>{t('game:rounds.start')}</dt>
          <dd data-testid="game-start-price">{priceOf(round.start_tick.price, lang)}</dd>
        </div>
        {live ? (
          <div>
            <dt>{t('game:rounds.live')}</dt>
            <dd>{quote ? <BoundText text={quote.lastText} tone={live.tone} testId="game-live-price" /> : '--'}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('game:rounds.settle')}</dt>
            <dd className={TONES[round.status as keyof typeof TONES]} data-testid="game-settle-price">
              {round.settle_tick ? priceOf(round.settle_tick.price, lang) : '--'}
            </dd>
          </div>
        )}
      </dl>
      <p className={styles.roundFoot}>
        {live ? (
          <BoundText text={live.standing} tone={live.tone} className={styles.standing} testId="game-standing" />
        ) : (
          round.settle_tick && <span data-testid="game-settle-trade">{t('game:rounds.trade', { seq: round.settle_tick.seq, time: formatClock(round.settle_tick.time, lang) })}</span>
        )}
      </p>
    </article>
  );
}

function GuessBadge({ guess }: { guess: GameRound['guess'] }) {
  const t = useT();
  return (
    <span className={`${styles.guessBadge} ${guess === 'higher' ? styles.badgeHigher : styles.badgeLower}`}>
      <span aria-hidden="true">{guess === 'higher' ? '▲' : '▼'}</span> {t(`game:guess.${guess}`)}
    </span>
  );
}

/** The time left as a bar, its width bound to a signal. */
function Bar({ share }: { share: ReadonlySignal<number> }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    return effect(() => {
      element.style.transform = `scaleX(${share.value})`;
    });
  }, [share]);
  return (
    <span className={styles.bar} aria-hidden="true">
      <span ref={ref} className={styles.barFill} />
    </span>
  );
}

/** The player's rounds, newest first, page by page; read again when the points change. */
export function History({ version }: { version: number }) {
  const t = useT();
  const lang = language.value;
  const list = usePaged('GET /game/rounds', {}, [version]);
  return (
    <div className={styles.history}>
      {list.items.map((round) => {
        const net = netOf(round);
        const tone = round.status === 'open' ? '' : TONES[round.status];
        return (
          <div key={round.id} className={styles.historyRow} data-testid="game-history-round" data-status={round.status}>
            <div className={styles.historyMain}>
              <span className={styles.roundSymbol}>{round.symbol}</span>
              <GuessBadge guess={round.guess} />
              <span className={`${styles.historyStatus} ${tone}`}>{t(`game:rounds.status.${round.status}`)}</span>
            </div>
            <div className={styles.historyLine}>
              <span>
                {priceOf(round.start_tick.price, lang)} → {round.settle_tick ? priceOf(round.settle_tick.price, lang) : '…'}
              </span>
              <strong className={tone}>{net === null ? t('game:rounds.net', { points: points(round.stake, lang) }) : t('game:rounds.net', { points: formatSigned(net, 0, lang) })}</strong>
            </div>
            <div className={styles.historyTime}>{formatClock(round.created_at, lang)}</div>
          </div>
        );
      })}
      <ListFooter items={list.items} more={list.more} loading={list.loading} loadMore={list.loadMore} />
    </div>
  );
}

/** The week's best players from their settled rounds, names in part (the server masks them). */
export function Leaderboard({ version }: { version: number }) {
  const t = useT();
  const lang = language.value;
  const board = useLoad(() => api('GET /game/leaderboard', { limit: 10 }), [version]);
  if (!board.data) return board.failed ? null : <Skeleton shape="record" />;
  if (board.data.length === 0) return <p className={styles.empty}>{t('game:board.empty')}</p>;
  return (
    <table className={styles.board} data-testid="game-board">
      <caption className={styles.caption}>{t('game:board.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('game:board.rank')}</th>
          <th scope="col">{t('game:board.player')}</th>
          <th scope="col">{t('game:board.net')}</th>
          <th scope="col">{t('game:board.rounds')}</th>
          <th scope="col">{t('game:board.won')}</th>
        </tr>
      </thead>
      <tbody>
        {board.data.map((row) => (
          <tr key={row.rank} data-testid="game-board-row">
            <td className={row.rank <= 3 ? styles.podium : undefined}>{row.rank}</td>
            <td className={styles.player}>{row.player}</td>
            <td className={row.net > 0 ? 'up' : row.net < 0 ? 'down' : 'flat'}>{formatSigned(row.net, 0, lang)}</td>
            <td>{points(row.rounds, lang)}</td>
            <td>{points(row.won, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The rules, with the game's figures once known (a visitor's answer has none: GET /game/info needs a login). */
export function Rules({ info }: { info: GameInfo | null }) {
  const t = useT();
  const lang = language.value;
  return (
    <section className={styles.rules} aria-labelledby="game-rules">
      <h2 id="game-rules" className={styles.sectionTitle}>
        {t('game:rules.title')}
      </h2>
      <ul>
        <li>{t('game:not_money')}</li>
        <li>{info ? t('game:rules.daily', { points: points(info.daily_points, lang) }) : t('game:rules.daily_visitor')}</li>
        <li>{info ? t('game:rules.round', { seconds: info.seconds }) : t('game:rules.round_visitor')}</li>
        <li>{t('game:rules.settle')}</li>
        {info && <li>{t('game:rules.limits', { min: points(info.min_stake, lang), max: info.max_open })}</li>}
        <li>{t('game:rules.board')}</li>
      </ul>
    </section>
  );
}
