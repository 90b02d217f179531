import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { ApiOutput } from '../../contract/api';
import { formatAmount, formatDateTime } from '../../contract/format';
import type { Language } from '../../contract/languages';
import { api } from '../api';
import { consoleLanguage, useConsoleT, type ConsoleT } from '../i18n';
import { userRoute } from '../routes';
import { FreezePanel } from './FreezePanel';
import { LedgerPanel } from './LedgerPanel';
import { OrdersPanel } from './OrdersPanel';
import { useRead } from './read';
import { uidOf, USER_TABS } from './search';
import { SessionsPanel } from './SessionsPanel';
import { heldAccounts } from './view';
import { word } from './words';
import styles from './users.module.css';

type Profile = ApiOutput<'GET /operator/user'>;

/**
 * A user's page: who they are and whether the account is frozen (with freeze and
 * unfreeze), then a tab each for the overview (profile and balances), the ledger, the
 * orders and positions, and the sessions. The tab lives in the URL (#/users/<uid>?tab=ledger).
 */
export function UserScreen() {
  const t = useConsoleT();
  const { uid: param } = userRoute.useParams();
  const uid = uidOf(param);
  if (uid === null)
    return (
      <section className={styles.screen}>
        <BackLink />
        <p className={styles.empty} data-testid="user-missing">
          {t('users.missing')}
        </p>
      </section>
    );
  return <UserPage key={uid} uid={uid} />;
}

function BackLink() {
  const t = useConsoleT();
  return (
    <Link to="/users" className={styles.back} data-testid="users-back">
      ← {t('users.back')}
    </Link>
  );
}

function UserPage({ uid }: { uid: number }) {
  const t = useConsoleT();
  const { tab } = userRoute.useSearch();
  // Bumped after an action: every part of the page reads the user again.
  const [round, setRound] = useState(0);
  const profile = useRead(() => api('GET /operator/user', { uid }), [uid, round]);
  const user = profile.data;
  const language = consoleLanguage.value;

  if (user === null)
    return (
      <section className={styles.screen}>
        <BackLink />
        {profile.failed ? (
          <p className={styles.empty} data-testid="user-missing">
            {t('users.missing')}
          </p>
        ) : (
          <div className={styles.wait} aria-busy="true" />
        )}
      </section>
    );

  return (
    <section className={styles.screen} aria-labelledby="user-title">
      <BackLink />
      <header className={styles.userHead}>
        <div className={styles.who}>
          <h1 id="user-title">
            {t('queues.uid', { uid: user.uid })} · {user.nickname}
          </h1>
          <p className={styles.contacts}>{[user.email, user.mobile].filter((contact) => contact !== null).join(' · ') || t('users.no_contact')}</p>
        </div>
        <span className={user.frozen ? styles.frozenBadge : styles.activeBadge} data-testid="user-status">
          {user.frozen ? t('users.frozen') : t('users.active')}
        </span>
      </header>
      {user.frozen ? (
        <p className={styles.frozenNote} role="status" data-testid="user-frozen">
          {t('users.frozen_since', { at: formatDateTime(user.frozen.at, language), by: user.frozen.by, reason: user.frozen.reason })}
        </p>
      ) : null}
      <FreezePanel user={user} onDone={() => setRound((value) => value + 1)} />
      <nav className={styles.tabs} aria-label={t('users.sections')}>
        {USER_TABS.map((name) => (
          <Link
            key={name}
            to="/users/$uid"
            params={{ uid: String(uid) }}
            search={{ tab: name }}
            className={styles.tab}
            aria-current={name === tab ? 'page' : undefined}
            data-testid={`user-tab-${name}`}
          >
            {t(`users.tabs.${name}`)}
          </Link>
        ))}
        <Link to="/audit" search={{ target: `uid:${uid}` }} className={styles.tabLink} data-testid="user-audit">
          {t('users.in_audit')}
        </Link>
      </nav>
      {tab === 'overview' ? <Overview key={round} user={user} /> : null}
      {tab === 'ledger' ? <LedgerPanel key={round} uid={uid} /> : null}
      {tab === 'orders' ? <OrdersPanel key={round} uid={uid} /> : null}
      {tab === 'sessions' ? <SessionsPanel key={round} uid={uid} onChange={() => setRound((value) => value + 1)} /> : null}
    </section>
  );
}

/** The profile's facts and the balances per account. */
function Overview({ user }: { user: Profile }) {
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const balances = useRead(() => api('GET /operator/user/balances', { uid: user.uid }), [user.uid]);
  const facts: [string, ReactNode][] = [
    [t('users.fields.uid'), String(user.uid)],
    [t('users.fields.nickname'), user.nickname],
    [t('users.fields.email'), user.email ?? '—'],
    [t('users.fields.mobile'), user.mobile ?? '—'],
    [t('users.fields.invite_code'), user.invite_code],
    [
      t('users.fields.inviter'),
      user.inviter ? (
        <Link to="/users/$uid" params={{ uid: String(user.inviter.uid) }} search={{ tab: 'overview' }} className={styles.link}>
          {t('queues.uid', { uid: user.inviter.uid })} · {user.inviter.nickname}
        </Link>
      ) : (
        '—'
      ),
    ],
    [t('users.fields.invitees'), String(user.invitees)],
    [t('users.fields.created'), formatDateTime(user.created_at, language)],
    [t('users.fields.level'), t('queues.level', { level: user.real_level })],
    [t('users.fields.identity'), identityText(t, user, language)],
    [t('users.fields.totp'), user.totp ? t('users.on') : t('users.off')],
    [t('users.fields.passkeys'), String(user.passkeys)],
    [t('users.fields.pay_password'), user.pay_password ? t('users.set') : t('users.not_set')],
  ];
  return (
    <div className={styles.panel} data-testid="user-overview">
      <section aria-labelledby="profile-title" className={styles.card}>
        <h2 id="profile-title">{t('users.profile')}</h2>
        <dl className={styles.facts} data-testid="user-profile">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="balances-title" className={styles.card}>
        <div className={styles.cardHead}>
          <h2 id="balances-title">{t('users.balances')}</h2>
          {balances.data ? <span className={styles.total}>{t('users.total_usd', { value: formatAmount(balances.data.total_usd, language) })}</span> : null}
        </div>
        {balances.data === null ? (
          <div className={styles.wait} aria-busy="true" />
        ) : (
          <div className={styles.accounts} data-testid="user-balances">
            {heldAccounts(balances.data).map((account) => (
              <div key={account.kind} className={styles.account} data-testid={`balances-${account.kind}`}>
                <h3>
                  {word(t, 'accounts', account.kind)} <span>{t('users.usd', { value: formatAmount(account.usd_value, language) })}</span>
                </h3>
                {account.currencies.length === 0 ? (
                  <p className={styles.empty}>{t('users.account_empty')}</p>
                ) : (
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        <th scope="col">{t('users.fields.currency')}</th>
                        <th scope="col" className={styles.number}>
                          {word(t, 'parts', 'available')}
                        </th>
                        <th scope="col" className={styles.number}>
                          {word(t, 'parts', 'frozen')}
                        </th>
                        <th scope="col" className={styles.number}>
                          {word(t, 'parts', 'locked')}
                        </th>
                        <th scope="col" className={styles.number}>
                          {t('users.fields.usd_value')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {account.currencies.map((row) => (
                        <tr key={row.currency_id} data-testid={`balance-${account.kind}-${row.code}`}>
                          <th scope="row">{row.code}</th>
                          <td className={styles.number}>{formatAmount(row.available, language)}</td>
                          <td className={styles.number}>{formatAmount(row.frozen, language)}</td>
                          <td className={styles.number}>{formatAmount(row.locked, language)}</td>
                          <td className={styles.number}>{formatAmount(row.usd_value, language)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </div>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

/** The latest identity submission in a line: its level, what became of it, when, and a rejection's reason. */
function identityText(t: ConsoleT, user: Profile, language: Language): string {
  const identity = user.identity;
  if (identity === null) return t('users.no_identity');
  const parts = [t('queues.level', { level: identity.level }), word(t, 'identity_status', identity.status), formatDateTime(identity.reviewed_at ?? identity.created_at, language)];
  if (identity.status === 'rejected' && identity.reason !== '') parts.push(identity.reason);
  return parts.join(' · ');
}
