import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import type { ApiOutput } from '../../contract/api';
import { formatAmount } from '../../contract/format';
import { Money } from '../../contract/money';
import { api } from '../api';
import { consoleLanguage, useConsoleT, type ConsoleT } from '../i18n';
import { useRead } from '../users/read';
import styles from './terms.module.css';

type Fees = ApiOutput<'GET /operator/fees'>;
type Figure = Fees['spot']['fee'];

/**
 * Every fee and limit in force, as the server enforces it, and what changes each: a
 * server setting (an environment variable, read at start) or a rule of the exchange
 * written in its code. Read only, and the tab says why: a change made while the server
 * runs would need a fee schedule every process reads at each step.
 */
export function FeesTab() {
  useSignals();
  const t = useConsoleT();
  const read = useRead(() => api('GET /operator/fees', {}), []);
  if (read.data === null) return <div className={styles.wait} aria-busy="true" />;
  const fees = read.data;
  const language = consoleLanguage.value;
  const share = (value: string) => `${formatAmount(new Money(value).times(100).toFixed(), language)}%`;
  const amount = (value: string, currency: string) => `${formatAmount(value, language)} ${currency}`;
  const count = (value: string) => formatAmount(value, language);
  const margin = fees.contracts.margin_currency;
  const optionCurrency = fees.options.currencies.join(', ');
  return (
    <div className={styles.stack} data-testid="fees">
      <p className={styles.notice} data-testid="fees-read-only">
        {t('products.fees.read_only')}
      </p>
      <div className={styles.columns}>
        <Section t={t} id="spot">
          <Row t={t} name="spot_fee" figure={fees.spot.fee} shown={share} />
          <Row t={t} name="spot_min_notional" figure={fees.spot.min_notional} shown={count} />
          <Row t={t} name="spot_price_band" figure={fees.spot.price_band} shown={share} />
        </Section>
        <Section t={t} id="conversion">
          <Row t={t} name="conversion_fee" figure={fees.conversion.fee} shown={share} />
        </Section>
        <Section t={t} id="contracts">
          <Row t={t} name="contract_fee" figure={fees.contracts.fee} shown={share} />
          <Row t={t} name="contract_overnight" figure={fees.contracts.overnight} shown={share} />
          <Row t={t} name="contract_liquidation" figure={fees.contracts.liquidation_risk} shown={share} />
          <Row t={t} name="contract_price_band" figure={fees.contracts.price_band} shown={share} />
          <Row t={t} name="contract_trail" figure={fees.contracts.trail_min} shown={(value) => `${share(value)} – ${share(fees.contracts.trail_max.value)}`} />
          <Row t={t} name="contract_shares" figure={fees.contracts.shares_min} shown={(value) => `${count(value)} – ${count(fees.contracts.shares_max.value)}`} />
          {fees.contracts.leverage.map((range) => (
            <Row
              key={range.kind}
              t={t}
              name={`leverage_${range.kind}`}
              figure={{ value: '', setting: null }}
              shown={() => t('products.fees.leverage_range', { min: range.min, max: range.max, presets: range.presets.map((preset) => `${preset}×`).join(' ') })}
            />
          ))}
          <Row t={t} name="margin_currency" figure={{ value: margin, setting: null }} shown={(value) => value} />
        </Section>
        <Section t={t} id="options">
          <Row t={t} name="options_max_open" figure={fees.options.max_open} shown={count} />
          <Row t={t} name="options_currency" figure={{ value: optionCurrency, setting: null }} shown={(value) => value} />
          <tr>
            <td colSpan={3}>
              <table className={styles.table} data-testid="fees-options">
                <thead>
                  <tr>
                    <th scope="col">{t('products.fees.option_fields.seconds')}</th>
                    <th scope="col" className={styles.number}>
                      {t('products.fees.option_fields.ratio')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('products.fees.option_fields.fee')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('products.fees.option_fields.stake')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {fees.options.durations.map((rule) => (
                    <tr key={rule.seconds}>
                      <th scope="row">{t('products.fees.seconds', { seconds: rule.seconds })}</th>
                      <td className={styles.number}>{share(rule.ratio)}</td>
                      <td className={styles.number}>{share(rule.fee_rate)}</td>
                      <td className={styles.number}>
                        {amount(rule.min, optionCurrency)} – {amount(rule.max, optionCurrency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </td>
          </tr>
        </Section>
        <Section t={t} id="withdrawals">
          {fees.withdrawals.map((network) => (
            <Row
              key={`${network.code}-${network.network}`}
              t={t}
              label={t('products.fees.withdrawal', { code: network.code, network: network.name })}
              figure={network.fee}
              shown={(value) => t('products.fees.withdrawal_terms', { fee: amount(value, network.code), min: amount(network.min.value, network.code) })}
              settings={[network.fee.setting, network.min.setting]}
            />
          ))}
        </Section>
        <Section t={t} id="others">
          <Row t={t} name="nft_fee" figure={fees.nft.fee} shown={share} />
          <Row t={t} name="nft_royalty" figure={fees.nft.royalty} shown={share} />
          <Row t={t} name="rebate_rate" figure={fees.invites.rebate_rate} shown={share} />
          <Row t={t} name="loan_apr" figure={fees.loans.apr} shown={share} />
          <Row t={t} name="copy_profit_share" figure={fees.copy.profit_share} shown={share} />
        </Section>
        <Section t={t} id="limits">
          <Row t={t} name="public_per_minute" figure={fees.limits.public_per_minute} shown={count} />
          <Row t={t} name="codes_per_ip_hour" figure={fees.limits.codes_per_ip_hour} shown={count} />
        </Section>
      </div>
    </div>
  );
}

function Section({ t, id, children }: { t: ConsoleT; id: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`fees-${id}`} data-testid={`fees-${id}`}>
      <h2 id={`fees-${id}`}>{t(`products.fees.sections.${id}`)}</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('products.fees.fields.what')}</th>
              <th scope="col" className={styles.number}>
                {t('products.fees.fields.value')}
              </th>
              <th scope="col">{t('products.fees.fields.changed_by')}</th>
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}

/** One figure: what it is, its value as the server holds it, and the settings that change it (or that it is a rule of the exchange). */
function Row({ t, name, label, figure, shown, settings }: { t: ConsoleT; name?: string; label?: string; figure: Figure; shown: (value: string) => string; settings?: readonly (string | null)[] }) {
  const changedBy = (settings ?? [figure.setting]).filter((setting): setting is string => setting !== null);
  return (
    <tr data-testid={name ? `fee-${name}` : undefined}>
      <th scope="row">{label ?? t(`products.fees.names.${name ?? ''}`)}</th>
      <td className={styles.figure} data-testid="fee-value">
        {shown(figure.value)}
      </td>
      <td>
        {changedBy.length > 0 ? (
          changedBy.map((setting) => (
            <code key={setting} className={styles.setting}>
              {setting}
            </code>
          ))
        ) : (
          <span className={styles.rule}>{t('products.fees.rule')}</span>
        )}
      </td>
    </tr>
  );
}
