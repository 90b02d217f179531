import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatAmount, formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { user } from '../../app/session';
import { language, useT } from '../../i18n';
import { useSubmit } from '../../lib/useSubmit';
import { copyText } from '../../ui/clipboard';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field, Form, PasswordInput, PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { ImagePicker } from '../assets/ImagePicker';
import { orderRoom } from '../chat/chat';
import { ChatPanel } from '../chat/ChatPanel';
import { refreshUser } from '../auth/actions';
import { countdownText, isOpen, type OtcOrder } from './otc';
import { Amount, PaymentBadges, StatusBadge, useServerNow } from './parts';
import styles from './otc.module.css';

/** How often an open order is read again: the other side's steps show within this. */
const POLL_MS = 5000;

/**
 * otc/order?id=: one order, from the caller's side. Its state and what happens next,
 * the countdown to pay (on the server's clock), the figures, where the buyer pays (the
 * seller's card, each detail with a copy button), and the step this side may take:
 * the buyer says it has paid (with a proof if it has one) or cancels; the seller
 * releases with the pay password; either appeals once paid. Read again every 5 s while open.
 * The two sides' chat (text and images, pushed live) closes with the order and stays to read.
 */
export function OtcOrderScreen({ id }: { id: number }) {
  useSignals();
  const t = useT();
  const [order, setOrder] = useState<OtcOrder | null>(null);
  const [failed, setFailed] = useState(false);
  const open = order ? isOpen(order.status) : true;

  useEffect(() => {
    let live = true;
    const read = () =>
      api('GET /otc/order/detail', { id }, { silent: true }).then(
        (next) => live && setOrder(next),
        () => live && setFailed(true),
      );
    void read();
    const timer = open ? setInterval(() => void read(), POLL_MS) : undefined;
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [id, open]);

  return (
    <Screen title={t('otc:order.title')}>
      {order ? <OrderView order={order} onChange={setOrder} /> : <div className={styles.page}>{failed ? <p className={styles.empty}>{t('otc:order.not_found')}</p> : <Skeleton shape="facts" />}</div>}
    </Screen>
  );
}

function OrderView({ order, onChange }: { order: OtcOrder; onChange: (order: OtcOrder) => void }) {
  const t = useT();
  const lang = language.value;
  const buyer = order.role === 'buyer';
  return (
    <div className={styles.page} data-testid="otc-order" data-status={order.status} data-role={order.role}>
      <StateHero order={order} />
      <section className={styles.card}>
        <div className={styles.orderHead}>
          <span className={`${styles.roleBadge} ${buyer ? styles.roleBuy : styles.roleSell}`} data-testid="otc-role">
            {t(buyer ? 'otc:order.role_buyer' : 'otc:order.role_seller', { coin: order.code })}
          </span>
          <StatusBadge status={order.status} />
        </div>
        <div className={styles.total}>
          <span className={styles.label}>{t(buyer ? 'otc:order.you_pay' : 'otc:order.you_receive')}</span>
          <span className={styles.totalValue} data-testid="otc-order-fiat">
            <Amount value={order.fiat_amount} code={order.fiat} />
          </span>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t('otc:order.amount')}</dt>
            <dd data-testid="otc-order-amount">
              <Amount value={order.amount} code={order.code} />
            </dd>
          </div>
          <div>
            <dt>{t('otc:ad.price')}</dt>
            <dd data-testid="otc-order-price">
              <Amount value={order.price} code={order.fiat} />
            </dd>
          </div>
          <div>
            <dt>{t(buyer ? 'otc:order.seller' : 'otc:order.buyer')}</dt>
            <dd>
              <Link to="/pages/otc/advertiser" search={{ uid: order.counterparty.uid }} className={styles.link} data-testid="otc-counterparty">
                {order.counterparty.name}
              </Link>
            </dd>
          </div>
          <div>
            <dt>{t('otc:order.number')}</dt>
            <dd>{order.id}</dd>
          </div>
          <div>
            <dt>{t('otc:order.created')}</dt>
            <dd>{formatDateTime(order.created_at, lang)}</dd>
          </div>
          {order.paid_at !== null && (
            <div>
              <dt>{t('otc:order.paid_at')}</dt>
              <dd>{formatDateTime(order.paid_at, lang)}</dd>
            </div>
          )}
          {order.closed_at !== null && (
            <div>
              <dt>{t('otc:order.closed_at')}</dt>
              <dd>{formatDateTime(order.closed_at, lang)}</dd>
            </div>
          )}
        </dl>
      </section>
      <PaymentDetails order={order} />
      {order.proof && (
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('otc:order.proof')}</h2>
          <a href={order.proof} target="_blank" rel="noreferrer" className={styles.proof} data-testid="otc-proof">
            <img src={order.proof} alt={t('otc:order.proof')} />
          </a>
        </section>
      )}
      {order.appeal_reason !== null && (
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('otc:order.appeal_reason')}</h2>
          <p className={styles.note} data-testid="otc-appeal-reason">
            {order.appeal_reason}
          </p>
        </section>
      )}
      <Steps order={order} onChange={onChange} />
      <section className={`${styles.card} ${styles.chatCard}`} aria-labelledby="otc-chat-title">
        <h2 className={styles.sectionTitle} id="otc-chat-title">
          {t(buyer ? 'otc:chat.title_seller' : 'otc:chat.title_buyer', { name: order.counterparty.name })}
        </h2>
        <ChatPanel room={orderRoom(order.id)} images closed={isOpen(order.status) ? null : t('otc:chat.closed')} empty={t('otc:chat.empty')} className={styles.chat} />
      </section>
    </div>
  );
}

/** The order's state in words: what has happened, what comes next and, while the buyer has to pay, the time left. */
function StateHero({ order }: { order: OtcOrder }) {
  const t = useT();
  const lang = language.value;
  const now = useServerNow();
  const waiting = order.status === 'pending';
  const side = order.role;
  const values = { fiat: `${formatAmount(order.fiat_amount, lang)} ${order.fiat}`, amount: `${formatAmount(order.amount, lang)} ${order.code}` };
  return (
    <section className={`${styles.hero} ${isOpen(order.status) ? '' : styles.heroClosed}`} data-testid="otc-state">
      <h2 className={styles.heroTitle}>{t(`otc:state.${order.status}.${side}.title`, values)}</h2>
      <p className={styles.note}>{t(`otc:state.${order.status}.${side}.text`, values)}</p>
      {waiting && (
        <p className={styles.countdown} role="timer" aria-live="off">
          <span>{t('otc:order.time_left')}</span>
          <strong data-testid="otc-countdown">{countdownText(order.pay_by - now)}</strong>
        </p>
      )}
    </section>
  );
}

/** Where the buyer pays: the seller's cards of the kinds the advertisement takes, every detail copyable. */
function PaymentDetails({ order }: { order: OtcOrder }) {
  const t = useT();
  if (order.payment_details.length === 0) return null;
  return (
    <section className={styles.card} data-testid="otc-payment">
      <h2 className={styles.sectionTitle}>{t(order.role === 'buyer' ? 'otc:payment.title_buyer' : 'otc:payment.title_seller')}</h2>
      {order.payment_details.map((card) => (
        <div key={card.kind} className={styles.payCard}>
          <PaymentBadges kinds={[card.kind]} />
          <CopyRow label={t('otc:payment.holder')} value={card.holder_name} testId="otc-pay-holder" />
          <CopyRow label={t('otc:payment.bank')} value={card.bank_name} testId="otc-pay-bank" />
          <CopyRow label={t('otc:payment.account')} value={card.account_number} testId="otc-pay-account" />
          {card.branch && <CopyRow label={t(card.kind === 'domestic' ? 'otc:payment.branch' : 'otc:payment.bank_address')} value={card.branch} testId="otc-pay-branch" />}
          {card.swift_code && <CopyRow label={t('otc:payment.swift')} value={card.swift_code} testId="otc-pay-swift" />}
        </div>
      ))}
    </section>
  );
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useT();
  return (
    <div className={styles.copyRow}>
      <span className={styles.copyLabel}>{label}</span>
      <span className={styles.copyValue} data-testid={testId}>
        {value}
      </span>
      <button type="button" className={styles.copyButton} onClick={() => void copyText(value)} aria-label={t('otc:payment.copy', { what: label })}>
        {t('otc:payment.copy_short')}
      </button>
    </div>
  );
}

/** What this side may do now. */
function Steps({ order, onChange }: { order: OtcOrder; onChange: (order: OtcOrder) => void }) {
  const t = useT();
  const lang = language.value;
  const [proof, setProof] = useState('');
  const [confirming, setConfirming] = useState<'paid' | 'cancel' | null>(null);
  const [releasing, setReleasing] = useState(false);
  const [appealing, setAppealing] = useState(false);
  const [busy, run] = useSubmit();
  const buyer = order.role === 'buyer';
  const values = { fiat: `${formatAmount(order.fiat_amount, lang)} ${order.fiat}`, amount: `${formatAmount(order.amount, lang)} ${order.code}`, name: order.counterparty.name };

  const act = (action: () => Promise<OtcOrder>, done: string) =>
    run(async () => {
      onChange(await action());
      toast(done);
    });

  return (
    <>
      {buyer && order.status === 'pending' && (
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('otc:order.proof_add')}</h2>
          <p className={styles.small}>{t('otc:order.proof_hint')}</p>
          <ImagePicker value={proof} onValue={setProof} label={t('otc:order.proof_pick')} testId="otc-proof" />
          <div className={styles.buttons}>
            <PrimaryButton variant="secondary" onClick={() => setConfirming('cancel')} testId="otc-cancel">
              {t('otc:order.cancel')}
            </PrimaryButton>
            <PrimaryButton busy={busy} onClick={() => setConfirming('paid')} testId="otc-paid">
              {t('otc:order.paid')}
            </PrimaryButton>
          </div>
        </section>
      )}
      {!buyer && (order.status === 'pending' || order.status === 'paid') && (
        <PrimaryButton busy={busy} onClick={() => setReleasing(true)} testId="otc-release">
          {t('otc:order.release')}
        </PrimaryButton>
      )}
      {order.status === 'paid' && (
        <PrimaryButton variant="danger" onClick={() => setAppealing(true)} testId="otc-appeal">
          {t('otc:order.appeal')}
        </PrimaryButton>
      )}
      <div className={styles.links}>
        <Link to="/pages/otc/mine" search={{ tab: isOpen(order.status) ? 'open' : 'closed' }} className={styles.link}>
          {t('otc:order.all_orders')}
        </Link>
        <Link to="/pages/otc/otc" className={styles.link}>
          {t('otc:order.market')}
        </Link>
      </div>
      <ConfirmDialog
        open={confirming === 'paid'}
        title={t('otc:order.paid_confirm_title')}
        message={t('otc:order.paid_confirm', values)}
        confirmLabel={t('otc:order.paid')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          void act(() => api('POST /otc/order/paid', { id: order.id, ...(proof ? { proof } : {}) }), t('otc:order.paid_done'));
        }}
      />
      <ConfirmDialog
        open={confirming === 'cancel'}
        title={t('otc:order.cancel_confirm_title')}
        message={t('otc:order.cancel_confirm')}
        confirmLabel={t('otc:order.cancel')}
        cancelLabel={t('otc:order.keep')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          void act(() => api('POST /otc/order/cancel', { id: order.id }), t('otc:order.cancel_done'));
        }}
      />
      {releasing && (
        <ReleaseSheet
          order={order}
          onClose={() => setReleasing(false)}
          onReleased={(next) => {
            setReleasing(false);
            onChange(next);
            toast(t('otc:order.release_done'));
          }}
        />
      )}
      {appealing && (
        <AppealSheet
          order={order}
          onClose={() => setAppealing(false)}
          onAppealed={(next) => {
            setAppealing(false);
            onChange(next);
            toast(t('otc:order.appeal_done'));
          }}
        />
      )}
    </>
  );
}

/** The seller releases the escrowed coins with the pay password (as a withdrawal asks for it). */
function ReleaseSheet({ order, onClose, onReleased }: { order: OtcOrder; onClose: () => void; onReleased: (order: OtcOrder) => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const [payPassword, setPayPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSubmit();
  useEffect(() => void refreshUser().catch(() => undefined), []);
  const submit = () =>
    run(async () => {
      if (!/^\d{6}$/.test(payPassword)) {
        setError(t('validation:pay_password_rule'));
        return;
      }
      setError(null);
      onReleased(await api('POST /otc/order/release', { id: order.id, pay_password: payPassword }));
    });
  const values = { fiat: `${formatAmount(order.fiat_amount, lang)} ${order.fiat}`, amount: `${formatAmount(order.amount, lang)} ${order.code}`, name: order.counterparty.name };
  return (
    <Sheet open title={t('otc:release.title', values)} onClose={onClose} testId="otc-release-sheet">
      {user.value && !user.value.has_pay_password ? (
        <div className={styles.sheetBody}>
          <p className={styles.note}>{t('otc:release.no_pay_password')}</p>
          <Link to="/pages/setting/payPassword" className={styles.link}>
            {t('otc:release.set_pay_password')}
          </Link>
        </div>
      ) : (
        <Form onSubmit={() => void submit()}>
          <p className={styles.warning}>{t('otc:release.warning', values)}</p>
          <Field label={t('otc:release.pay_password')} error={error}>
            <PasswordInput
              name="pay_password"
              inputMode="numeric"
              autoComplete="off"
              value={payPassword}
              onValue={(value) => setPayPassword(value.replace(/\D/g, '').slice(0, 6))}
              placeholder={t('otc:release.pay_password_placeholder')}
              maxLength={6}
              data-testid="otc-pay-password"
            />
          </Field>
          <div className={styles.buttons}>
            <PrimaryButton variant="secondary" onClick={onClose}>
              {t('otc:cancel')}
            </PrimaryButton>
            <PrimaryButton type="submit" busy={busy} testId="otc-release-confirm">
              {t('otc:order.release')}
            </PrimaryButton>
          </div>
        </Form>
      )}
    </Sheet>
  );
}

const REASON_MAX = 500;

/** Either side appeals a paid order, with its reason: the coins stay in escrow until an operator decides. */
function AppealSheet({ order, onClose, onAppealed }: { order: OtcOrder; onClose: () => void; onAppealed: (order: OtcOrder) => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSubmit();
  const submit = () =>
    run(async () => {
      const text = reason.trim();
      if (text.length === 0) {
        setError(t('otc:appeal.required'));
        return;
      }
      setError(null);
      onAppealed(await api('POST /otc/order/appeal', { id: order.id, reason: text }));
    });
  return (
    <Sheet open title={t('otc:appeal.title')} onClose={onClose} testId="otc-appeal-sheet">
      <Form onSubmit={() => void submit()}>
        <p className={styles.note}>{t('otc:appeal.intro')}</p>
        <Field label={t('otc:appeal.reason')} error={error} hint={`${reason.length}/${REASON_MAX}`}>
          <textarea
            name="reason"
            className={styles.textarea}
            value={reason}
            maxLength={REASON_MAX}
            rows={4}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            placeholder={t('otc:appeal.placeholder')}
            data-testid="otc-appeal-reason-input"
          />
        </Field>
        <div className={styles.buttons}>
          <PrimaryButton variant="secondary" onClick={onClose}>
            {t('otc:cancel')}
          </PrimaryButton>
          <PrimaryButton type="submit" variant="danger" busy={busy} testId="otc-appeal-submit">
            {t('otc:appeal.submit')}
          </PrimaryButton>
        </div>
      </Form>
    </Sheet>
  );
}
