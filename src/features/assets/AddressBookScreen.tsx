import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/client';
import { formatDate } from '../../../contract/format';
import { language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { ConfirmDialog } from '../../ui/Dialog';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import styles from './assets.module.css';
import { ListFooter } from '../../ui/ListFooter';
import { AddressUsable, useWhitelist, WhitelistPanel } from '../security/Whitelist';

/** Saved withdrawal addresses, and the whitelist mode that limits withdrawals to them. */
export function AddressBookScreen() {
  const t = useT();
  const list = usePaged('GET /user/wallet/list', {});
  const { whitelist, reload } = useWhitelist();
  const [deleting, setDeleting] = useState<number | null>(null);
  return (
    <Screen
      title={t('assets:book.title')}
      right={
        <Link to="/pages/setting/addWallet" data-testid="add-address">
          {t('assets:book.add')}
        </Link>
      }
    >
      <WhitelistPanel whitelist={whitelist} reload={reload} />
      {list.items.map((row) => (
        <div key={row.id} className={styles.record} data-testid="saved-address">
          <div className={styles.recordHead}>
            <span className={styles.recordTitle}>{row.name}</span>
            <span className={styles.dim}>
              {row.code} · {row.network}
            </span>
          </div>
          <span className={styles.address} style={{ textAlign: 'left', fontSize: 13 }}>
            {row.address}
          </span>
          <AddressUsable whitelist={whitelist} usableAt={row.usable_at} />
          <div className={styles.recordMeta}>
            <span>{formatDate(row.created_at, language.value)}</span>
            <button type="button" className={styles.link} onClick={() => setDeleting(row.id)}>
              {t('assets:book.delete')}
            </button>
          </div>
        </div>
      ))}
      <ListFooter {...list} />
      <ConfirmDialog
        open={deleting !== null}
        message={t('assets:book.delete_confirm')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting;
          setDeleting(null);
          if (id !== null) {
            void api('POST /user/wallet/delete', { id })
              .then((message) => {
                toast(message);
                list.reload();
              })
              .catch(() => undefined);
          }
        }}
      />
    </Screen>
  );
}
