import type { Db } from '../db/database';
import { Catalogue } from '../exchange/catalogue';
import type { EventBus, EventOf } from '../exchange/events';
import { listedInstruments } from '../market/store';

/**
 * Several processes: a coin or market listed by another process (an IEO's token and its
 * market, listed in that process's step) reaches this one from the database, where it was
 * committed: every `everyMs` the catalogue's rows are compared with this process's, and
 * what is new is published on this process's bus as the `listing` event the listing
 * process raised, so the same handlers add it to the catalogue, the market (to be
 * claimed), and the sockets' channels. Answers the stop.
 */
export function followListings(db: Db, catalogue: Catalogue, bus: EventBus, report: (error: unknown) => void, everyMs = 2_000): () => void {
  let looking = false;
  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      const stored = await Catalogue.load(db);
      const events: EventOf<'listing'>[] = [];
      const known = new Set(catalogue.currencies.map((currency) => currency.id));
      for (const currency of stored.currencies) if (!known.has(currency.id)) events.push({ kind: 'listing', currency, market: null });
      const markets = new Set(catalogue.markets.map((market) => market.id));
      const fresh = stored.markets.filter((market) => !markets.has(market.id));
      if (fresh.length > 0) {
        const instruments = await listedInstruments(db);
        for (const market of fresh) {
          const instrument = instruments.find((def) => def.id === market.id);
          if (instrument) events.push({ kind: 'listing', currency: market.base, market: { market, instrument } });
        }
      }
      if (events.length > 0) bus.publish(events);
    } catch (error) {
      report(error);
    } finally {
      looking = false;
    }
  };
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
