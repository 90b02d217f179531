import { useRouter } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import { AREAS, type Area } from '../../../contract/areas';
import { BCP47 } from '../../../contract/languages';
import { language, useT } from '../../i18n';
import { TextInput } from '../../ui/form';
import { SearchIcon } from '../../ui/icons';
import { CheckIcon } from '../../ui/icons-later';
import { Screen } from '../../ui/Screen';
import { VirtualList } from '../../ui/VirtualList';
import { chosenArea } from './area';
import styles from './AreaScreen.module.css';

interface NamedArea extends Area {
  name: string;
}

/** Countries and regions by name in the user's language, with their dialling codes. */
export function AreaScreen() {
  useSignals();
  const t = useT();
  const router = useRouter();
  const [query, setQuery] = useState('');
  const locale = BCP47[language.value];

  const areas = useMemo<NamedArea[]>(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    return AREAS.map((area) => ({ ...area, name: names.of(area.region) ?? area.region })).sort((a, b) => collator.compare(a.name, b.name));
  }, [locale]);

  const needle = query.trim().toLowerCase().replace(/^\+/, '');
  // The current choice first, then everything by name.
  const shown = needle
    ? areas.filter((area) => area.name.toLowerCase().includes(needle) || area.dial.startsWith(needle) || area.region.toLowerCase() === needle)
    : [...areas.filter((area) => area.region === chosenArea.value.region), ...areas];

  const choose = (area: NamedArea) => {
    chosenArea.value = { region: area.region, dial: area.dial };
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: '/pages/common/login' });
  };

  return (
    <Screen title={t('auth:area.title')}>
      <div className={styles.search}>
        <SearchIcon size={18} />
        <TextInput type="search" placeholder={t('auth:area.search')} value={query} onValue={setQuery} aria-label={t('auth:area.search')} />
      </div>
      <VirtualList
        items={shown}
        rowKey={(area, index) => (index === 0 && !needle ? 'current' : area.region)}
        empty={<p className={styles.empty}>{t('auth:area.empty')}</p>}
        row={(area) => (
          <button type="button" className={styles.row} onClick={() => choose(area)} data-testid={`area-${area.region}`}>
            <span className={styles.name}>{area.name}</span>
            <span className={styles.dial}>+{area.dial}</span>
            <span className={styles.check}>{area.region === chosenArea.value.region ? <CheckIcon size={18} /> : null}</span>
          </button>
        )}
      />
    </Screen>
  );
}
