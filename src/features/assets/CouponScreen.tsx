import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { Money } from '../../../contract/money';
import { api } from '../../api/client';
import { formatAmount, formatDate } from '../../../contract/format';
import { language, useT } from '../../i18n';
import { useSubmit } from '../../lib/useSubmit';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import styles from './assets.module.css';

type Status = 'available' | 'used' | 'expired';

/** Coupons: a fee discount applies by itself to the one product it names (its scope); bonuses are added to the coin account when used. One the exchange took back is listed with the expired ones, saying when. */
export function CouponScreen() {
  const t = useT();
  const [status, setStatus] = useState<Status>('available');
  const [list, setList] = useState<ApiOutput<'GET /coupon/list'>>([]);
  const [busy, run] = useSubmit();
  const load = () =>
    void api('GET /coupon/list', { status })
      .then(setList)
      .catch(() => undefined);
  useEffect(load, [status]);
  const date = (time: number) => formatDate(time, language.value);

  return (
    <Screen title={t('assets:coupons.title')}>
      <div className={styles.tabs} role="tablist">
        {(['available', 'used', 'expired'] as const).map((key) => (
          <button key={key} type="button" role="tab" aria-selected={status === key} className={`${styles.tab} ${status === key ? styles.tabOn : ''}`} onClick={() => setStatus(key)}>
            {t(`assets:coupons.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div className={styles.page}>
        {list.length === 0 && <p className={styles.empty}>{t('assets:coupons.empty')}</p>}
        {list.map((coupon) => (
          <section key={coupon.id} className={styles.card} data-testid={`coupon-${coupon.kind}`} data-scope={coupon.scope ?? undefined}>
            <strong style={{ fontSize: 17 }}>
              {coupon.kind === 'fee_discount' && coupon.scope
                ? t(`assets:coupons.fee_discount.${coupon.scope}`, { percent: new Money(coupon.value).times(100).toFixed() })
                : t('assets:coupons.bonus', { amount: formatAmount(new Money(coupon.value).toFixed(), language.value), coin: coupon.code })}
            </strong>
            <p className={styles.note} style={{ margin: '6px 0 10px' }}>
              {coupon.kind === 'fee_discount' && coupon.scope ? t(`assets:coupons.fee_note.${coupon.scope}`) : t('assets:coupons.bonus_note')}
            </p>
            <div className={styles.recordMeta}>
              <span>
                {coupon.used_at
                  ? t('assets:coupons.used_on', { date: date(coupon.used_at) })
                  : coupon.revoked_at
                    ? t('assets:coupons.revoked_on', { date: date(coupon.revoked_at) })
                    : t('assets:coupons.expires', { date: date(coupon.expires_at) })}
              </span>
            </div>
            {status === 'available' && coupon.kind === 'bonus' && (
              <div style={{ marginTop: 12 }}>
                <PrimaryButton
                  busy={busy}
                  testId="coupon-use"
                  onClick={() =>
                    void run(async () => {
                      toast(await api('POST /coupon/use', { id: coupon.id }));
                      load();
                    })
                  }
                >
                  {t('assets:coupons.use')}
                </PrimaryButton>
              </div>
            )}
          </section>
        ))}
      </div>
    </Screen>
  );
}
