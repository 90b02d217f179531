import { computed, type ReadonlySignal } from '@preact/signals-react';
import { liveFeeds, type Quote } from '../../core/store';
import { useT } from '../../i18n';
import { BoundText } from '../../ui/BoundText';
import styles from './market.module.css';

/**
 * Cells bound to one market's signals: a tick changes their text and colour in place
 * and re-renders nothing, not the list, not the row, not the cell.
 */
const tones = new WeakMap<Quote, { text: ReadonlySignal<string>; background: ReadonlySignal<string> }>();

function toneOf(quote: Quote) {
  let tone = tones.get(quote);
  if (!tone) {
    tone = {
      // A stale price is dimmed: it is not where the market is now.
      text: computed(() => styles[quote.stale.value ? 'stale' : quote.direction.value] ?? ''),
      background: computed(() => styles[quote.stale.value ? 'staleBg' : `${quote.direction.value}Bg`] ?? ''),
    };
    tones.set(quote, tone);
  }
  return tone;
}

export function PriceCell({ quote, className = '' }: { quote: Quote; className?: string }) {
  return <BoundText text={quote.lastText} className={`${styles.price} ${className}`} tone={toneOf(quote).text} testId={`price-${quote.info.id}`} />;
}

export function ChangeBadge({ quote }: { quote: Quote }) {
  return <BoundText text={quote.changeText} className={styles.badge} tone={toneOf(quote).background} testId={`change-${quote.info.id}`} />;
}

export function ChangeText({ quote }: { quote: Quote }) {
  return <BoundText text={quote.changeText} className={styles.changeText} tone={toneOf(quote).text} />;
}

export function QuoteText({ text, className }: { text: ReadonlySignal<string>; className?: string }) {
  return <BoundText text={text} {...(className ? { className } : {})} />;
}

/**
 * A market row's mark: "Reconnecting" while its prices are stale; "Simulated" on a simulator
 * market when others follow a live exchange. Only this tag renders when it changes.
 */
export function FeedTag({ quote }: { quote: Quote }) {
  // useT follows signals read here: the tag renders when they change.
  const t = useT();
  const mark = quote.stale.value ? 'stale' : quote.info.feed === 'simulated' && liveFeeds.value ? 'simulated' : null;
  return (
    mark && (
      <span className={`${styles.tag} ${styles[mark] ?? ''}`} data-testid={`${mark}-${quote.info.id}`}>
        {t(`market:feed_${mark}`)}
      </span>
    )
  );
}
