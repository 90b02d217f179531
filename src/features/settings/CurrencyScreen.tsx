import { useSignals } from '@preact/signals-react/runtime';
import { FIAT_CURRENCIES } from '../../../contract/fiat';
import { BCP47 } from '../../../contract/languages';
import { fiat, setFiat } from '../../app/fiat';
import { language, useT } from '../../i18n';
import { Cell, CellGroup } from '../../ui/Cell';
import { CheckIcon } from '../../ui/icons-later';
import { Screen } from '../../ui/Screen';
import styles from './settings.module.css';

/** The fiat currency for converted values (spec 7: eleven currencies; default USD). */
export function CurrencyScreen() {
  useSignals();
  const t = useT();
  const names = new Intl.DisplayNames([BCP47[language.value]], { type: 'currency' });
  return (
    <Screen title={t('settings:currency.title')}>
      <p className={styles.intro}>{t('settings:currency.intro')}</p>
      <CellGroup>
        {FIAT_CURRENCIES.map((code) => (
          <Cell
            key={code}
            title={`${code} · ${names.of(code) ?? code}`}
            arrow={false}
            testId={`currency-${code}`}
            onClick={() => setFiat(code)}
            value={
              code === fiat.value ? (
                <span className={styles.check}>
                  <CheckIcon size={18} />
                </span>
              ) : (
                ''
              )
            }
          />
        ))}
      </CellGroup>
    </Screen>
  );
}
