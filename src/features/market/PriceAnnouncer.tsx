import { useEffect, useRef } from 'react';
import type { Quote } from '../../core/store';
import { translate } from '../../i18n';

/** How often, at most, a screen reader hears the price: a summary now and then, never every tick. */
export const ANNOUNCE_EVERY_MS = 15_000;

/**
 * A polite spoken summary of a pair's price ("BTC/USDT 95,512.66, +1.23%") for screen
 * readers. The figures on screen change many times a second and are not live regions;
 * this one is, and its text changes at most once per ANNOUNCE_EVERY_MS, only when the
 * summary differs from the last one said.
 */
export function PriceAnnouncer({ quote }: { quote: Quote }) {
  const region = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    let said = '';
    const timer = setInterval(() => {
      if (!Number.isFinite(quote.last.peek()) || !region.current) return;
      const summary = translate('market:price_summary', { symbol: quote.info.symbol, price: quote.lastText.peek(), change: quote.changeText.peek() });
      if (summary === said) return;
      said = summary;
      region.current.textContent = summary;
    }, ANNOUNCE_EVERY_MS);
    return () => clearInterval(timer);
  }, [quote]);
  return <p ref={region} className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="price-announcer" />;
}
