import { useSignals } from '@preact/signals-react/runtime';
import { useNavigate } from '@tanstack/react-router';
import { formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { loggedIn, user } from '../../app/session';
import { language, useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { percent } from '../finance/format';
import { phaseAt, rarityOdds, type NftBox } from './nft';
import styles from './nft.module.css';
import { Countdown, HeldOnExchange, ItemTile, PhaseBadge, RarityBadge, timeLeft, useMoney, useNow } from './parts';

/**
 * nft/artworkDetail?id=&mode=box: a blind box. Its price, phase and countdown, how many
 * are left, what is inside by rarity, and why it is fair: the commitment published before
 * the sale, the seed once it is over, and the command that checks every opening.
 */
export function BoxDetail({ id }: { id: number }) {
  const t = useT();
  const { data, failed } = useLoad(() => api('GET /bind_box/getBoxDetail', { id, mode: 'box' }), [id]);
  const box = data?.box ?? null;
  return (
    <Screen title={box?.name ?? t('nft:box.title')}>
      <div className={styles.page}>{box ? <Box box={box} /> : failed ? <p className={styles.empty}>{t('nft:detail.not_found')}</p> : <Skeleton shape="card" count={2} />}</div>
    </Screen>
  );
}

function Box({ box }: { box: NftBox }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const money = useMoney();
  const now = useNow();
  const phase = phaseAt(box, now);
  const left = Math.max(0, box.total - box.sold);
  const odds = rarityOdds(box.items);
  return (
    <>
      <div className={styles.media}>{box.cover && <img className={styles.mediaImage} src={box.cover} alt={box.name} />}</div>
      <HeldOnExchange />
      <div className={styles.titleRow}>
        <h2 className={styles.title} data-testid="nft-name">
          {box.name}
        </h2>
      </div>
      <div className={styles.subline}>
        <span className={styles.badge}>{t('nft:market.kind.box')}</span>
        <span>{t('nft:box.by', { name: box.seller.name })}</span>
      </div>
      <section className={styles.panel} data-testid="nft-box-panel">
        <div className={styles.priceLine}>
          <span className={styles.priceLabel}>{t('nft:market.price.box')}</span>
          <span className={styles.priceValue} data-testid="nft-price">
            {money(box.price, box.currency)}
          </span>
        </div>
        <div className={styles.phaseLine}>
          <PhaseBadge phase={phase} />
          <Countdown window={box} now={now} className={styles.countdown} />
        </div>
        <div className={styles.rows}>
          <div className={styles.row}>
            <span>{t('nft:box.total')}</span>
            <strong data-testid="nft-box-total">{box.total}</strong>
          </div>
          <div className={styles.row}>
            <span>{t('nft:box.sold')}</span>
            <strong data-testid="nft-box-sold">{box.sold}</strong>
          </div>
          <div className={styles.row}>
            <span>{t('nft:box.remaining')}</span>
            <strong data-testid="nft-box-remaining">{left}</strong>
          </div>
        </div>
        {/* the figures above say it; the bar only draws it */}
        <div className={styles.bar} aria-hidden="true">
          <div className={styles.barFill} style={{ width: `${box.total > 0 ? (box.sold / box.total) * 100 : 0}%` }} />
        </div>
        <div className={styles.rows}>
          <div className={styles.row}>
            <span>{t('nft:detail.starts')}</span>
            <strong>{formatDateTime(box.start_at, lang)}</strong>
          </div>
          <div className={styles.row}>
            <span>{t('nft:detail.ends')}</span>
            <strong>{formatDateTime(box.end_at, lang)}</strong>
          </div>
        </div>
      </section>
      {box.description && <p className={styles.description}>{box.description}</p>}

      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>{t('nft:box.contents', { count: box.total })}</h3>
        <div className={styles.odds} data-testid="nft-box-odds">
          {odds.map((row) => (
            <span key={row.rarity} className={styles.subline}>
              <RarityBadge rarity={row.rarity} />
              {`${row.count} · ${percent(row.share, lang, 2)}`}
            </span>
          ))}
        </div>
        <div className={styles.grid} data-testid="nft-box-items">
          {box.items.map((item) => (
            <ItemTile key={item.id} item={item} link={false} />
          ))}
        </div>
      </section>

      <section className={styles.panel} data-testid="nft-box-fair">
        <h3 className={styles.sectionTitle}>{t('nft:box.fair_title')}</h3>
        <div className={styles.rows}>
          <span className={styles.priceLabel}>{t('nft:box.commitment')}</span>
          <code className={styles.mono} data-testid="nft-box-commitment">
            {box.commitment}
          </code>
          <span className={styles.priceLabel}>{t('nft:box.seed')}</span>
          {box.seed ? (
            <code className={styles.mono} data-testid="nft-box-seed">
              {box.seed}
            </code>
          ) : (
            <span className={styles.small} data-testid="nft-box-seed">
              {t('nft:box.seed_later')}
            </span>
          )}
          <span className={styles.small}>{t('nft:box.opened', { count: box.openings.length })}</span>
        </div>
        <details className={styles.fair}>
          <summary data-testid="nft-box-how">{t('nft:box.how')}</summary>
          <p>{t('nft:box.how_commit')}</p>
          <p>{t('nft:box.how_draw')}</p>
          <p>{t('nft:box.how_check')}</p>
          <code className={`${styles.mono} ${styles.command}`} data-testid="nft-box-verify">
            npm run nft:verify -- {box.id}
          </code>
        </details>
      </section>

      <div className={styles.actionBar}>
        <BoxAction box={box} now={now} left={left} />
      </div>
    </>
  );
}

/** "Buy a box" while on sale and boxes are left (to the confirmation), or why not. */
function BoxAction({ box, now, left }: { box: NftBox; now: number; left: number }) {
  useSignals();
  const t = useT();
  const navigate = useNavigate();
  const phase = phaseAt(box, now);
  const own = user.value !== null && user.value.uid === box.seller.uid;
  const disabled = (text: string) => (
    <PrimaryButton disabled testId="nft-buy-box">
      {text}
    </PrimaryButton>
  );
  if (box.status !== 'live' || phase === 'ended') return disabled(t('nft:market.phase.ended'));
  if (left === 0) return disabled(t('nft:box.sold_out'));
  if (own) return disabled(t('nft:detail.own'));
  if (phase === 'upcoming') return disabled(t('nft:market.countdown.start', { time: timeLeft(box.start_at - now, t) }));
  return (
    <PrimaryButton variant="buy" onClick={() => (loggedIn.value ? void navigate({ to: '/pages/nft/purchase_one', search: { id: box.id } }) : askToLogIn())} testId="nft-buy-box">
      {t('nft:box.buy')}
    </PrimaryButton>
  );
}
