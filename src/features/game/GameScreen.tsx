import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { formatAmount } from '../../../contract/format';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { loggedIn } from '../../app/session';
import { markets, quoteOf } from '../../core/store';
import { useTickers } from '../../core/hooks';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { useLoad } from '../../lib/useLoad';
import { useRequestIds } from '../../lib/requestId';
import { useSubmit } from '../../lib/useSubmit';
import { Field, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { Tabs } from '../finance/Tabs';
import { PriceCell } from '../market/cells';
import { checkStake, GUESSES, QUICK_STAKES, type GameInfo, type GameRound, type Guess } from './game';
import { History, Leaderboard, LiveRounds, priceOf, Rules, useLiveRounds } from './parts';
import styles from './game.module.css';

/**
 * game/game (spec 1, 2): higher or lower in 60 seconds with game points, which are not
 * money and never become money. The points and today's allowance, the game's markets at
 * their live prices, the stake and the two guesses; the rounds running, counted down on
 * the server's clock and settled by the first trade at or after their end; the player's
 * rounds and the week's leaderboard. Visitors see the rules and the leaderboard, and are
 * asked to log in when they act.
 */
export function GameScreen() {
  useSignals();
  useTickers();
  const t = useT();
  const logged = loggedIn.value;
  // Bumped when the points change (claimed, staked, settled): the points, the history and the leaderboard are read again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const info = useLoad(() => (logged ? api('GET /game/info', {}) : Promise.resolve(null)), [logged, version]);
  const live = useLiveRounds(logged, changed);
  const [tab, setTab] = useState<'history' | 'board'>('history');
  const shown = logged ? tab : 'board';
  return (
    <Screen title={t('game:title')}>
      <div className={styles.page}>
        {logged && !info.data ? info.failed ? null : <Skeleton shape="card" /> : <PointsCard info={info.data ?? null} onClaimed={changed} />}
        {logged && info.data && (
          <PlayCard
            info={info.data}
            onPlayed={(round) => {
              live.add(round);
              changed();
            }}
          />
        )}
        {logged && <LiveRounds rounds={live.rounds} />}
        <section className={styles.lists}>
          <Tabs options={logged ? (['history', 'board'] as const) : (['board'] as const)} value={shown} onChange={setTab} text={(key) => t(`game:tabs.${key}`)} testId="game-tab" />
          {shown === 'history' ? <History version={version} /> : <Leaderboard version={version} />}
        </section>
        <Rules info={info.data ?? null} />
      </div>
    </Screen>
  );
}

/** The player's points and today's allowance; for a visitor, the same button asks to log in. */
function PointsCard({ info, onClaimed }: { info: GameInfo | null; onClaimed: () => void }) {
  const t = useT();
  const lang = language.value;
  const [busy, run] = useSubmit();
  const claim = () => {
    if (!info) return askToLogIn();
    void run(async () => {
      const { points } = await api('POST /game/claim', {});
      toast(t('game:points.claimed', { points: formatAmount(String(info.daily_points), lang), total: formatAmount(String(points), lang) }));
      onClaimed();
    });
  };
  return (
    <section className={styles.pointsCard} data-testid="game-points-card">
      {info ? (
        <div className={styles.pointsHead}>
          <span className={styles.pointsLabel}>{t('game:points.label')}</span>
          <strong className={styles.points} data-testid="game-points">
            {formatAmount(String(info.points), lang)}
          </strong>
        </div>
      ) : (
        <p className={styles.visitor}>{t('game:points.visitor')}</p>
      )}
      {!info || info.can_claim ? (
        <button type="button" className={styles.claim} onClick={claim} disabled={busy} aria-busy={busy} data-testid="game-claim">
          {info ? t('game:points.claim_amount', { points: formatAmount(String(info.daily_points), lang) }) : t('game:points.claim')}
        </button>
      ) : (
        <p className={styles.taken} data-testid="game-claimed">
          {t('game:points.taken')}
        </p>
      )}
      <p className={styles.notMoney} data-testid="game-not-money">
        {t('game:not_money')}
      </p>
    </section>
  );
}

/** The game's markets at their live prices, the stake with its quick amounts, and the two guesses. */
function PlayCard({ info, onPlayed }: { info: GameInfo; onPlayed: (round: GameRound) => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  void markets.value; // the markets' quotes exist once the worker's catalogue has come
  const [marketId, setMarketId] = useState(info.markets[0]?.market_id ?? 0);
  const [stakeText, setStakeText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, run] = useSubmit();
  const requestIds = useRequestIds();
  const market = info.markets.find((candidate) => candidate.market_id === marketId) ?? info.markets[0];
  if (!market) return null;
  const points = (value: number) => formatAmount(String(value), lang);
  const typed = checkStake(stakeText, info.min_stake, info.points);

  const play = (guess: Guess) => {
    const check = checkStake(stakeText, info.min_stake, info.points);
    if (!check.ok) {
      setError(
        check.problem === 'whole'
          ? t('validation:game_stake_invalid')
          : check.problem === 'min'
            ? t('game:play.stake_min', { min: points(info.min_stake) })
            : t('game:play.stake_over', { points: points(info.points) }),
      );
      return;
    }
    void run(async () => {
      const body = { market_id: market.market_id, guess, stake: check.stake };
      // Sent again after a lost answer, the same round is played once.
      const round = await api('POST /game/play', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      toast(t('game:play.started', { symbol: round.symbol, guess: t(`game:guess.${round.guess}`), price: priceOf(round.start_tick.price, lang), seq: round.start_tick.seq }), 2500);
      onPlayed(round);
    });
  };

  return (
    <section className={styles.playCard} data-testid="game-play">
      <h2 className={styles.playTitle}>{t('game:play.question', { symbol: market.symbol, seconds: info.seconds })}</h2>
      <div className={styles.markets} role="group" aria-label={t('game:play.markets')}>
        {info.markets.map((option) => {
          const quote = quoteOf(option.market_id);
          const on = option.market_id === market.market_id;
          return (
            <button
              key={option.market_id}
              type="button"
              aria-pressed={on}
              className={`${styles.market} ${on ? styles.marketOn : ''}`}
              onClick={() => setMarketId(option.market_id)}
              data-testid={`game-market-${option.symbol}`}
            >
              <span className={styles.marketSymbol}>{option.symbol}</span>
              {quote ? <PriceCell quote={quote} className={styles.marketPrice} /> : <span className={styles.marketPrice}>--</span>}
            </button>
          );
        })}
      </div>
      <div className={styles.stakeBox}>
        <Field label={t('game:play.stake')} error={error} hint={t('game:play.stake_hint', { min: points(info.min_stake), points: points(info.points) })}>
          <TextInput
            name="stake"
            inputMode="numeric"
            autoComplete="off"
            value={stakeText}
            onValue={(value) => {
              setError(undefined);
              setStakeText(cleanAmount(value, 0));
            }}
          />
        </Field>
        <div className={styles.quick} role="group" aria-label={t('game:play.stakes')}>
          {QUICK_STAKES.map((amount) => (
            <button
              key={amount}
              type="button"
              className={`${styles.quickChip} ${stakeText === String(amount) ? styles.quickOn : ''}`}
              onClick={() => {
                setError(undefined);
                setStakeText(String(amount));
              }}
              data-testid={`game-stake-${amount}`}
            >
              {points(amount)}
            </button>
          ))}
          <button
            type="button"
            className={`${styles.quickChip} ${info.points > 0 && stakeText === String(info.points) ? styles.quickOn : ''}`}
            onClick={() => {
              setError(undefined);
              setStakeText(String(info.points));
            }}
            data-testid="game-stake-max"
          >
            {t('assets:exchange.max')}
          </button>
        </div>
        <p className={styles.payout} data-testid="game-payout">
          {typed.ok ? t('game:play.payout', { payout: points(typed.stake * 2), stake: points(typed.stake) }) : t('game:play.payout_empty')}
        </p>
      </div>
      <div className={styles.guesses}>
        {GUESSES.map((guess) => (
          <button
            key={guess}
            type="button"
            className={`${styles.guess} ${guess === 'higher' ? styles.higher : styles.lower}`}
            onClick={() => play(guess)}
            disabled={busy}
            aria-busy={busy}
            data-testid={`game-${guess}`}
          >
            <span className={styles.guessArrow} aria-hidden="true">
              {guess === 'higher' ? '▲' : '▼'}
            </span>
            {t(`game:guess.${guess}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
