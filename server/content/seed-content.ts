import type { Language } from '../../contract/languages';
import type { PageKey } from './service';

/**
 * The first-start content in the eight languages: the welcome notice, four guides, three
 * banners (each opens the guide it advertises), six questions and the three pages. Every
 * figure comes from `ContentFacts`, which seed.ts reads from the trading rules
 * (server/trading/config.ts), the networks and the configuration, formatted for the
 * language; nothing here states a number of its own. No follower counts, volumes or win
 * rates: the exchange has none to tell.
 */
export interface OptionFacts {
  seconds: string;
  /** what a win pays on top of the stake */
  payout: string;
  fee: string;
  min: string;
  max: string;
}

export interface NetworkFacts {
  /** the coin, with its network when that has another name: "USDT (TRC20)" */
  label: string;
  coin: string;
  network: string;
  min: string;
  fee: string;
}

export interface ContentFacts {
  /** the signup gift in USDT, or null when there is none */
  gift: string | null;
  /** deposits are approved at once (the demo configuration) */
  autoDeposit: boolean;
  support: string;
  spotFee: string;
  spotMin: string;
  convertFee: string;
  leverFee: string;
  overnight: string;
  liquidation: string;
  rebate: string;
  lotsMin: string;
  lotsMax: string;
  cryptoMultiples: string;
  stockMultiples: string;
  maxMultiple: string;
  /** a worked margin example: value / multiple = margin */
  example: { value: string; multiple: string; margin: string };
  options: OptionFacts[];
  optionFees: string;
  payoutLow: string;
  payoutHigh: string;
  secondsMin: string;
  secondsMax: string;
  optionMaxOpen: string;
  withdraw1: string;
  withdraw2: string;
  networks: NetworkFacts[];
}

export interface SeedText {
  title: string;
  summary: string;
  content: string;
}

export type GuideKey = 'welcome' | 'paper' | 'futures' | 'options' | 'fees';
export type BannerKey = 'paper' | 'futures' | 'fees';
export type FaqKey = 'deposit' | 'withdraw' | 'levels' | 'invite' | 'liquidation' | 'options';

export interface LanguageContent {
  news: Record<GuideKey, SeedText>;
  /** a banner shows the guide of the same key */
  banners: Record<BannerKey, { title: string; summary: string }>;
  faq: Record<FaqKey, { question: string; answer: string }>;
  pages: Record<PageKey, { title: string; content: string }>;
}

const ul = (items: readonly string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
const p = (...paragraphs: readonly (string | false | null)[]) =>
  paragraphs
    .filter((text): text is string => typeof text === 'string')
    .map((text) => `<p>${text}</p>`)
    .join('');
const h = (text: string) => `<h3>${text}</h3>`;
const mail = (address: string) => `<a href="mailto:${address}">${address}</a>`;

function en(f: ContentFacts): LanguageContent {
  const paper: SeedText = {
    title: 'How paper trading works on Kestrel',
    summary: 'Simulated prices, real order books: what is real here and what is not.',
    content:
      h('Simulated markets, real order books') +
      p(
        'Prices come from a simulated market: a market maker quotes both sides of each order book and simulated traders trade against it. Every price you see is a trade that happened in that book, so your orders meet the same prices, depth and spreads as everyone else.',
      ) +
      h('Your four accounts') +
      p(
        'You have a coin account (spot trading, deposits and withdrawals), a futures account, an options account and a fiat account. Move funds between them with a transfer: it is free and immediate.',
        f.gift && `Every new account starts with a gift of ${f.gift} USDT of paper money in its coin account.`,
      ) +
      h('Everything is recorded') +
      p(
        'Every balance change is written to a ledger with its reason, and your bills list each one. A deposit is credited once it is approved; a withdrawal stays frozen until it is sent or refused.',
      ) +
      p('<strong>No real money is involved:</strong> nothing won or lost here can be paid out, and no real coins should ever be sent to the deposit addresses shown.'),
  };
  const futures: SeedText = {
    title: `Futures: margin, overnight fees and the ${f.liquidation} liquidation risk rate`,
    summary: 'How much margin a position takes, what it costs, and when an account is liquidated.',
    content:
      h('Margin') +
      p(
        `A position's margin is its value divided by the multiple you choose: ${f.cryptoMultiples} for crypto markets, ${f.stockMultiples} for stocks. A position worth ${f.example.value} USDT at ${f.example.multiple}× needs ${f.example.margin} USDT of margin, taken from your futures account. An order is ${f.lotsMin} to ${f.lotsMax} lots.`,
      ) +
      h('Fees') +
      ul([
        `Opening fee: ${f.leverFee} of the position's value, charged when it opens.`,
        `Overnight fee: ${f.overnight} of the opening value for every midnight (UTC) the position is held, paid when it closes.`,
      ]) +
      h('Risk rate and liquidation') +
      p(
        'The risk rate of your futures account is (available balance + margins + unrealised profit or loss) ÷ margins. It falls as your positions lose.',
        `When it reaches <strong>${f.liquidation}</strong>, every open position of the account is closed at the trade that reached it. The liquidation price shown on each position is where that would happen if everything else stayed the same.`,
        'Take-profit and stop-loss prices close a position when a trade reaches them. A limit order keeps its margin and fee frozen until a trade reaches its price. If the price jumps past liquidation, the account never goes below zero: the exchange absorbs the difference.',
      ),
  };
  const options: SeedText = {
    title: 'Seconds options: the first trade at or after expiry decides',
    summary: 'Up or down over a few seconds: how an option opens, how it is decided and what it pays.',
    content:
      p(
        "A seconds option is a call on the direction of a market: choose up or down, a duration and an amount of USDT from your options account. It opens at the market's last trade when your order is accepted.",
      ) +
      h('How it is decided') +
      p(
        'When the time is up, the <strong>first trade at or after expiry</strong> decides. Above the opening price: up wins. Below: down wins. Exactly at the opening price: a tie, and the stake is returned. Both the opening and the deciding trade are recorded on the option.',
      ) +
      h('Durations and payouts') +
      ul(f.options.map((o) => `${o.seconds} seconds: a win returns the stake plus ${o.payout} of it; fee ${o.fee} of the stake; stake ${o.min} to ${o.max} USDT.`)) +
      p(`The fee is charged when you buy and is not returned. At most ${f.optionMaxOpen} options can be open at once.`),
  };
  const fees: SeedText = {
    title: 'Fee schedule',
    summary: `Spot ${f.spotFee}; futures ${f.leverFee} to open plus ${f.overnight} per night; options ${f.optionFees}; conversion ${f.convertFee}.`,
    content:
      ul([
        `<strong>Spot:</strong> ${f.spotFee} of what you receive (the coin you buy, or the USDT from a sale), for makers and takers alike. An order must be worth at least ${f.spotMin} of the quote currency.`,
        `<strong>Futures:</strong> ${f.leverFee} of the position's value when it opens, plus ${f.overnight} of its opening value for every midnight (UTC) it is held, paid on closing.`,
        `<strong>Seconds options:</strong> ${f.optionFees} of the stake, charged when you buy.`,
        `<strong>Conversion:</strong> ${f.convertFee} of what you receive; a fee coupon waives part of it.`,
        '<strong>Transfers</strong> between your own accounts and <strong>deposits</strong> are free.',
        `<strong>Withdrawals:</strong> a fixed fee per network: ${f.networks.map((n) => `${n.label} ${n.fee} ${n.coin}, minimum ${n.min}`).join('; ')}.`,
      ]) +
      p(
        `If you registered with an invite code, ${f.rebate} of each trading fee you pay is passed to the person who invited you. It comes out of the exchange's share and does not change what you pay.`,
      ),
  };
  return {
    news: {
      welcome: {
        title: 'Welcome to Kestrel: paper trading only',
        summary: 'Every balance here is simulated. Practise spot, futures and seconds options without risking real money.',
        content:
          p(
            'Welcome to Kestrel. This exchange is a <strong>paper-trading</strong> platform: prices and balances are simulated, and no real money or real coins are ever moved.',
            f.gift && `Your account receives ${f.gift} USDT of paper money to start with.`,
          ) +
          ul(['Spot: buy and sell against the order book.', 'Futures: go long or short with leverage, margined in USDT.', 'Seconds options: call the direction of a market over seconds to minutes.']) +
          p('Please never send real funds to the deposit addresses shown here. The guides in the news section and the questions and answers explain the rules before you start.'),
      },
      paper,
      futures,
      options,
      fees,
    },
    banners: {
      paper: { title: 'Paper trading, real order books', summary: 'Practise with simulated money in markets that really trade.' },
      futures: { title: `Futures up to ${f.maxMultiple}×`, summary: `Know your margin and the ${f.liquidation} liquidation line before you trade.` },
      fees: { title: 'Published fees', summary: `Spot ${f.spotFee}, futures ${f.leverFee} to open plus ${f.overnight} per night.` },
    },
    faq: {
      deposit: {
        question: 'How do deposits work?',
        answer:
          p(
            'In Assets, choose Deposit, then the coin and network, and send to the address shown. Then report the amount with a screenshot of the payment (the payment voucher).',
            'An operator checks the report and credits your coin account; until then it is listed as pending in your deposit records.',
            f.autoDeposit && 'In this demo configuration reports are approved at once.',
          ) + p('This is a paper-trading exchange: please do not send real coins.'),
      },
      withdraw: {
        question: 'What do I need to withdraw?',
        answer:
          ul([
            'Identity verification of level 1 or higher.',
            'A pay password (6 digits), set in the security settings; it confirms every withdrawal.',
            "An amount at or above the network's minimum; the network fee is shown on the form.",
          ]) +
          p(
            `In 24 hours you can withdraw up to ${f.withdraw1} BTC worth at level 1 and ${f.withdraw2} BTC worth at level 2. The amount is frozen until an operator sends it or refuses it; a refused withdrawal returns to your available balance.`,
          ),
      },
      levels: {
        question: 'What are the verification levels?',
        answer: p(
          '<strong>Level 1:</strong> the document type, your name and the document number. <strong>Level 2</strong> (after level 1): photos of the front and the back of the document.',
          `An operator reviews each submission, which passes only when your account has both an e-mail address and a mobile number bound. Level 1 allows withdrawals worth ${f.withdraw1} BTC per 24 hours, level 2 ${f.withdraw2} BTC.`,
        ),
      },
      invite: {
        question: 'How do invite codes and rebates work?',
        answer: p(
          'Every account has its own invite code and link. When someone registers with your code, ' +
            `${f.rebate} of every trading fee they pay (spot fees, futures opening fees and option fees) is paid into your coin account. It comes out of the exchange's share, not out of their pocket.`,
          'The invitation screen lists who registered with your code (their contacts partly hidden) and every rebate.',
        ),
      },
      liquidation: {
        question: 'When is a futures position liquidated?',
        answer: p(
          `When the risk rate of your futures account, (available balance + margins + unrealised profit or loss) ÷ margins, falls to ${f.liquidation}, all of its open positions are closed at the trade that reached it.`,
          'To stay above it, transfer funds to the futures account, close positions or set stop-loss prices. The liquidation price on each position shows where it would happen if everything else stayed the same.',
        ),
      },
      options: {
        question: 'How is a seconds option settled?',
        answer: p(
          'The first trade at or after expiry decides it. Higher than the opening price: up wins; lower: down wins; equal: a tie, and the stake is returned.',
          `A win returns the stake plus the duration's payout (${f.payoutLow} to ${f.payoutHigh} of the stake). The fee is charged when you buy.`,
        ),
      },
    },
    pages: {
      aboutus: {
        title: 'About Kestrel',
        content:
          p(
            'Kestrel is a phone-first exchange for learning to trade. It runs real order books for crypto and stock markets on simulated prices, so spot trading, futures and seconds options behave as they would on a live exchange, without real money.',
          ) +
          h('What you can do here') +
          ul([
            'Spot trading with limit and market orders.',
            `Futures with up to ${f.maxMultiple}× leverage, take-profit and stop-loss.`,
            `Seconds options from ${f.secondsMin} to ${f.secondsMax} seconds.`,
            'Deposits, withdrawals, transfers and conversions in a paper-trading wallet.',
          ]) +
          p('Every balance change is recorded in a ledger, and every fee is published in the news section.'),
      },
      contactus: {
        title: 'Contact us',
        content:
          p(`E-mail: ${mail(f.support)}`) +
          p('Please include your user number (UID) and, about a deposit or a withdrawal, the record concerned.') +
          p('We will never ask for your password, your pay password or a verification code.'),
      },
      operational_compliance: {
        title: 'Operational compliance',
        content:
          h('Paper trading') +
          p('Kestrel is a simulation. Prices and balances are simulated: no real money, coins or securities are bought, sold, held or paid out, and balances have no cash value.') +
          h('No regulated service, no advice') +
          p('Because it handles no real money, Kestrel does not operate as a regulated exchange, broker or investment service. Nothing published here is investment advice.') +
          h('Risk disclosure') +
          p(
            'Real trading in crypto assets, stocks and derivatives carries a high risk of loss. Leverage multiplies gains and losses: a small price move can liquidate a futures position. A seconds option can lose its whole stake within seconds.',
            'Results with simulated money do not predict results with real money, where prices, fees, liquidity and your own decisions may differ.',
          ) +
          h('Your data') +
          p(
            'We keep what the service needs: your contact details, the identity details you submit for verification, and your activity. Uploaded images are re-encoded, which removes embedded metadata such as location.',
          ),
      },
    },
  };
}

function zh(f: ContentFacts): LanguageContent {
  return {
    news: {
      welcome: {
        title: '欢迎来到 Kestrel：仅限模拟交易',
        summary: '这里的所有余额都是模拟资金。现货、合约和秒级期权都可以放心练习，不涉及真实资金。',
        content:
          p('欢迎来到 Kestrel。本交易所是一个<strong>模拟交易</strong>平台：价格和余额均为模拟，从不转移任何真实资金或真实币。', f.gift && `您的账户将获得 ${f.gift} USDT 模拟资金作为起步。`) +
          ul(['现货：在订单簿上买入和卖出。', '合约：以 USDT 作保证金，杠杆做多或做空。', '秒级期权：预测市场在数秒到数分钟内的涨跌。']) +
          p('请勿向此处显示的充值地址发送任何真实资金。开始之前，请阅读公告栏中的指南和常见问题，了解各项规则。'),
      },
      paper: {
        title: 'Kestrel 的模拟交易如何运作',
        summary: '模拟价格，真实订单簿：哪些是真实的，哪些不是。',
        content:
          h('模拟行情，真实订单簿') +
          p('价格来自模拟市场：做市商在每个订单簿的买卖两侧报价，模拟交易者与之成交。您看到的每个价格都是该订单簿中真实发生的成交，因此您的订单与其他人面对同样的价格、深度和价差。') +
          h('您的四个账户') +
          p('您有币币账户（现货交易、充值和提现）、合约账户、期权账户和法币账户。可通过划转在账户之间移动资金，免费且即时到账。', f.gift && `每个新账户的币币账户都会获赠 ${f.gift} USDT 模拟资金。`) +
          h('一切都有记录') +
          p('每一次余额变动都会连同原因写入账本，您的账单逐条列出。充值在审核通过后入账；提现在发出或被拒绝之前一直处于冻结状态。') +
          p('<strong>不涉及任何真实资金：</strong>在这里的盈亏都无法提取，也请勿向显示的充值地址发送真实币。'),
      },
      futures: {
        title: `合约：保证金、隔夜费与 ${f.liquidation} 强平风险率`,
        summary: '一个仓位占用多少保证金、需要哪些费用，以及账户何时被强制平仓。',
        content:
          h('保证金') +
          p(
            `仓位的保证金等于仓位价值除以您选择的倍数：加密货币市场为 ${f.cryptoMultiples} 倍，股票为 ${f.stockMultiples} 倍。价值 ${f.example.value} USDT、${f.example.multiple} 倍的仓位需要 ${f.example.margin} USDT 保证金，从合约账户中扣除。每笔订单为 ${f.lotsMin} 至 ${f.lotsMax} 张。`,
          ) +
          h('费用') +
          ul([`开仓手续费：仓位价值的 ${f.leverFee}，开仓时收取。`, `隔夜费：持仓每跨过一个午夜（UTC），收取开仓价值的 ${f.overnight}，平仓时支付。`]) +
          h('风险率与强制平仓') +
          p(
            '合约账户的风险率 =（可用余额 + 保证金 + 未实现盈亏）÷ 保证金。仓位亏损时风险率随之下降。',
            `当风险率降至 <strong>${f.liquidation}</strong> 时，账户的所有持仓将在触及该水平的那笔成交处全部平仓。每个仓位上显示的强平价格，是在其他条件不变时发生强平的价格。`,
            '止盈价和止损价会在成交价触及时平仓。限价单在成交价触及其价格之前，会冻结保证金和手续费。如果价格跳空越过强平价，账户余额也不会低于零，差额由交易所承担。',
          ),
      },
      options: {
        title: '秒级期权：到期时或到期后的第一笔成交决定结果',
        summary: '数秒内的涨跌：期权如何开仓、如何判定以及如何赔付。',
        content:
          p('秒级期权是对市场方向的预测：选择看涨或看跌、时长，以及期权账户中的 USDT 金额。订单被接受时，以市场最新成交价开仓。') +
          h('如何判定') +
          p('时间到后，由<strong>到期时或到期后的第一笔成交</strong>决定结果。高于开仓价：看涨获胜；低于开仓价：看跌获胜；恰好等于开仓价：平局，退还本金。开仓成交和判定成交都会记录在该期权上。') +
          h('时长与赔付') +
          ul(f.options.map((o) => `${o.seconds} 秒：获胜返还本金并另付本金的 ${o.payout}；手续费为本金的 ${o.fee}；金额 ${o.min} 至 ${o.max} USDT。`)) +
          p(`手续费在买入时收取，不予退还。同时最多可持有 ${f.optionMaxOpen} 个未结期权。`),
      },
      fees: {
        title: '费率表',
        summary: `现货 ${f.spotFee}；合约开仓 ${f.leverFee}，另加每晚 ${f.overnight}；期权 ${f.optionFees}；兑换 ${f.convertFee}。`,
        content:
          ul([
            `<strong>现货：</strong>按您收到的部分（买入的币，或卖出所得的 USDT）收取 ${f.spotFee}，挂单和吃单相同。每笔订单价值至少为 ${f.spotMin} 计价货币。`,
            `<strong>合约：</strong>开仓时收取仓位价值的 ${f.leverFee}；持仓每跨过一个午夜（UTC），另收开仓价值的 ${f.overnight}，平仓时支付。`,
            `<strong>秒级期权：</strong>本金的 ${f.optionFees}，买入时收取。`,
            `<strong>兑换：</strong>按您收到的部分收取 ${f.convertFee}；手续费优惠券可减免其中一部分。`,
            '您自己账户之间的<strong>划转</strong>以及<strong>充值</strong>均免费。',
            `<strong>提现：</strong>每个网络收取固定手续费：${f.networks.map((n) => `${n.label}${n.fee} ${n.coin}，最低 ${n.min}`).join('；')}。`,
          ]) + p(`如果您注册时填写了邀请码，您支付的每笔交易手续费中有 ${f.rebate} 会转给邀请人。这部分出自交易所的收入，不会改变您支付的金额。`),
      },
    },
    banners: {
      paper: { title: '模拟交易，真实订单簿', summary: '用模拟资金在真实撮合的市场中练习。' },
      futures: { title: `合约最高 ${f.maxMultiple} 倍`, summary: `交易前先了解保证金和 ${f.liquidation} 强平线。` },
      fees: { title: '公开透明的费率', summary: `现货 ${f.spotFee}，合约开仓 ${f.leverFee}，另加每晚 ${f.overnight}。` },
    },
    faq: {
      deposit: {
        question: '如何充值？',
        answer:
          p(
            '在“资产”中选择“充值”，再选择币种和网络，向显示的地址转账。然后提交金额和付款截图（付款凭证）。',
            '运营人员核对后会将其计入您的币币账户；在此之前，它在充值记录中显示为待审核。',
            f.autoDeposit && '在当前演示配置下，充值申请会立即通过。',
          ) + p('本交易所仅用于模拟交易：请勿发送真实币。'),
      },
      withdraw: {
        question: '提现需要什么条件？',
        answer:
          ul(['完成 1 级或以上的身份认证。', '在安全设置中设置资金密码（6 位数字），每次提现都需要它确认。', '金额不低于该网络的最低提现额；网络手续费会显示在表单上。']) +
          p(`24 小时内，1 级认证最多可提现价值 ${f.withdraw1} BTC，2 级认证最多 ${f.withdraw2} BTC。提现金额会被冻结，直到运营人员发出或拒绝；被拒绝的提现会退回您的可用余额。`),
      },
      levels: {
        question: '身份认证分为哪几级？',
        answer: p(
          '<strong>1 级：</strong>证件类型、您的姓名和证件号码。<strong>2 级</strong>（完成 1 级之后）：证件正面和背面的照片。',
          `每次提交都由运营人员审核，且只有在您的账户同时绑定了邮箱和手机号码时才能通过。1 级认证每 24 小时可提现价值 ${f.withdraw1} BTC，2 级为 ${f.withdraw2} BTC。`,
        ),
      },
      invite: {
        question: '邀请码和返佣如何运作？',
        answer: p(
          `每个账户都有自己的邀请码和邀请链接。有人使用您的邀请码注册后，其支付的每笔交易手续费（现货手续费、合约开仓手续费和期权手续费）中有 ${f.rebate} 会转入您的币币账户。这部分出自交易所的收入，而不是由对方额外支付。`,
          '邀请页面会列出使用您的邀请码注册的用户（联系方式部分隐藏）以及每一笔返佣。',
        ),
      },
      liquidation: {
        question: '合约仓位什么时候会被强制平仓？',
        answer: p(
          `当合约账户的风险率 =（可用余额 + 保证金 + 未实现盈亏）÷ 保证金 降至 ${f.liquidation} 时，账户的所有持仓会在触及该水平的那笔成交处平仓。`,
          '要保持在强平线之上，可以向合约账户划转资金、平掉部分仓位或设置止损价。每个仓位上的强平价格显示了在其他条件不变时发生强平的位置。',
        ),
      },
      options: {
        question: '秒级期权如何结算？',
        answer: p(
          '由到期时或到期后的第一笔成交决定。高于开仓价：看涨获胜；低于开仓价：看跌获胜；相等：平局，退还本金。',
          `获胜时返还本金并另付该时长的赔付比例（本金的 ${f.payoutLow} 至 ${f.payoutHigh}）。手续费在买入时收取。`,
        ),
      },
    },
    pages: {
      aboutus: {
        title: '关于 Kestrel',
        content:
          p('Kestrel 是一个以手机为先、用于学习交易的交易所。它基于模拟价格，为加密货币和股票市场运行真实的订单簿，因此现货、合约和秒级期权的表现与真实交易所一致，但不涉及真实资金。') +
          h('您可以在这里做什么') +
          ul([
            '使用限价单和市价单进行现货交易。',
            `最高 ${f.maxMultiple} 倍杠杆的合约，支持止盈和止损。`,
            `${f.secondsMin} 至 ${f.secondsMax} 秒的秒级期权。`,
            '在模拟钱包中充值、提现、划转和兑换。',
          ]) +
          p('每一次余额变动都记录在账本中，所有费率都在公告栏中公开。'),
      },
      contactus: {
        title: '联系我们',
        content: p(`电子邮件：${mail(f.support)}`) + p('请附上您的用户编号（UID）；如涉及充值或提现，请附上相关记录。') + p('我们绝不会向您索要登录密码、资金密码或验证码。'),
      },
      operational_compliance: {
        title: '运营合规',
        content:
          h('模拟交易') +
          p('Kestrel 是一个模拟平台。价格和余额均为模拟：不买卖、持有或支付任何真实资金、币或证券，余额不具有现金价值。') +
          h('非受监管服务，不构成建议') +
          p('由于不处理任何真实资金，Kestrel 并不作为受监管的交易所、经纪商或投资服务运营。此处发布的任何内容都不构成投资建议。') +
          h('风险披露') +
          p(
            '真实交易加密资产、股票和衍生品具有很高的亏损风险。杠杆会同时放大盈利和亏损：很小的价格波动就可能导致合约仓位被强制平仓。秒级期权可能在数秒内损失全部本金。',
            '模拟资金的交易结果并不能预示真实资金的结果，因为真实市场中的价格、费用、流动性以及您自己的决策都可能不同。',
          ) +
          h('您的数据') +
          p('我们只保存服务所需的信息：您的联系方式、您为身份认证提交的资料以及您的操作记录。上传的图片会被重新编码，从而去除其中嵌入的位置等元数据。'),
      },
    },
  };
}

function hk(f: ContentFacts): LanguageContent {
  return {
    news: {
      welcome: {
        title: '歡迎來到 Kestrel：僅限模擬交易',
        summary: '這裡的所有餘額都是模擬資金。現貨、合約和秒級期權都可以放心練習，不涉及真實資金。',
        content:
          p('歡迎來到 Kestrel。本交易所是一個<strong>模擬交易</strong>平台：價格和餘額均為模擬，從不轉移任何真實資金或真實幣。', f.gift && `您的帳戶將獲得 ${f.gift} USDT 模擬資金作為起步。`) +
          ul(['現貨：在訂單簿上買入和賣出。', '合約：以 USDT 作保證金，槓桿做多或做空。', '秒級期權：預測市場在數秒到數分鐘內的漲跌。']) +
          p('請勿向此處顯示的充值地址發送任何真實資金。開始之前，請閱讀公告欄中的指南和常見問題，了解各項規則。'),
      },
      paper: {
        title: 'Kestrel 的模擬交易如何運作',
        summary: '模擬價格，真實訂單簿：哪些是真實的，哪些不是。',
        content:
          h('模擬行情，真實訂單簿') +
          p('價格來自模擬市場：造市商在每個訂單簿的買賣兩側報價，模擬交易者與之成交。您看到的每個價格都是該訂單簿中真實發生的成交，因此您的訂單與其他人面對同樣的價格、深度和價差。') +
          h('您的四個帳戶') +
          p('您有幣幣帳戶（現貨交易、充值和提現）、合約帳戶、期權帳戶和法幣帳戶。可透過劃轉在帳戶之間移動資金，免費且即時到帳。', f.gift && `每個新帳戶的幣幣帳戶都會獲贈 ${f.gift} USDT 模擬資金。`) +
          h('一切都有記錄') +
          p('每一次餘額變動都會連同原因寫入帳本，您的帳單逐筆列出。充值在審核通過後入帳；提現在發出或被拒絕之前一直處於凍結狀態。') +
          p('<strong>不涉及任何真實資金：</strong>在這裡的盈虧都無法提取，也請勿向顯示的充值地址發送真實幣。'),
      },
      futures: {
        title: `合約：保證金、隔夜費與 ${f.liquidation} 強平風險率`,
        summary: '一個倉位佔用多少保證金、需要哪些費用，以及帳戶何時被強制平倉。',
        content:
          h('保證金') +
          p(
            `倉位的保證金等於倉位價值除以您選擇的倍數：加密貨幣市場為 ${f.cryptoMultiples} 倍，股票為 ${f.stockMultiples} 倍。價值 ${f.example.value} USDT、${f.example.multiple} 倍的倉位需要 ${f.example.margin} USDT 保證金，從合約帳戶中扣除。每筆訂單為 ${f.lotsMin} 至 ${f.lotsMax} 張。`,
          ) +
          h('費用') +
          ul([`開倉手續費：倉位價值的 ${f.leverFee}，開倉時收取。`, `隔夜費：持倉每跨過一個午夜（UTC），收取開倉價值的 ${f.overnight}，平倉時支付。`]) +
          h('風險率與強制平倉') +
          p(
            '合約帳戶的風險率 =（可用餘額 + 保證金 + 未實現盈虧）÷ 保證金。倉位虧損時風險率隨之下降。',
            `當風險率降至 <strong>${f.liquidation}</strong> 時，帳戶的所有持倉將在觸及該水平的那筆成交處全部平倉。每個倉位上顯示的強平價格，是在其他條件不變時發生強平的價格。`,
            '止盈價和止損價會在成交價觸及時平倉。限價單在成交價觸及其價格之前，會凍結保證金和手續費。如果價格跳空越過強平價，帳戶餘額也不會低於零，差額由交易所承擔。',
          ),
      },
      options: {
        title: '秒級期權：到期時或到期後的第一筆成交決定結果',
        summary: '數秒內的漲跌：期權如何開倉、如何判定以及如何賠付。',
        content:
          p('秒級期權是對市場方向的預測：選擇看漲或看跌、時長，以及期權帳戶中的 USDT 金額。訂單被接受時，以市場最新成交價開倉。') +
          h('如何判定') +
          p('時間到後，由<strong>到期時或到期後的第一筆成交</strong>決定結果。高於開倉價：看漲獲勝；低於開倉價：看跌獲勝；恰好等於開倉價：平局，退還本金。開倉成交和判定成交都會記錄在該期權上。') +
          h('時長與賠付') +
          ul(f.options.map((o) => `${o.seconds} 秒：獲勝返還本金並另付本金的 ${o.payout}；手續費為本金的 ${o.fee}；金額 ${o.min} 至 ${o.max} USDT。`)) +
          p(`手續費在買入時收取，不予退還。同時最多可持有 ${f.optionMaxOpen} 個未結期權。`),
      },
      fees: {
        title: '費率表',
        summary: `現貨 ${f.spotFee}；合約開倉 ${f.leverFee}，另加每晚 ${f.overnight}；期權 ${f.optionFees}；兌換 ${f.convertFee}。`,
        content:
          ul([
            `<strong>現貨：</strong>按您收到的部分（買入的幣，或賣出所得的 USDT）收取 ${f.spotFee}，掛單和吃單相同。每筆訂單價值至少為 ${f.spotMin} 計價貨幣。`,
            `<strong>合約：</strong>開倉時收取倉位價值的 ${f.leverFee}；持倉每跨過一個午夜（UTC），另收開倉價值的 ${f.overnight}，平倉時支付。`,
            `<strong>秒級期權：</strong>本金的 ${f.optionFees}，買入時收取。`,
            `<strong>兌換：</strong>按您收到的部分收取 ${f.convertFee}；手續費優惠券可減免其中一部分。`,
            '您自己帳戶之間的<strong>劃轉</strong>以及<strong>充值</strong>均免費。',
            `<strong>提現：</strong>每個網絡收取固定手續費：${f.networks.map((n) => `${n.label}${n.fee} ${n.coin}，最低 ${n.min}`).join('；')}。`,
          ]) + p(`如果您註冊時填寫了邀請碼，您支付的每筆交易手續費中有 ${f.rebate} 會轉給邀請人。這部分出自交易所的收入，不會改變您支付的金額。`),
      },
    },
    banners: {
      paper: { title: '模擬交易，真實訂單簿', summary: '用模擬資金在真實撮合的市場中練習。' },
      futures: { title: `合約最高 ${f.maxMultiple} 倍`, summary: `交易前先了解保證金和 ${f.liquidation} 強平線。` },
      fees: { title: '公開透明的費率', summary: `現貨 ${f.spotFee}，合約開倉 ${f.leverFee}，另加每晚 ${f.overnight}。` },
    },
    faq: {
      deposit: {
        question: '如何充值？',
        answer:
          p(
            '在「資產」中選擇「充值」，再選擇幣種和網絡，向顯示的地址轉帳。然後提交金額和付款截圖（付款憑證）。',
            '營運人員核對後會將其計入您的幣幣帳戶；在此之前，它在充值記錄中顯示為待審核。',
            f.autoDeposit && '在目前的示範配置下，充值申請會立即通過。',
          ) + p('本交易所僅用於模擬交易：請勿發送真實幣。'),
      },
      withdraw: {
        question: '提現需要什麼條件？',
        answer:
          ul(['完成 1 級或以上的身份認證。', '在安全設定中設定資金密碼（6 位數字），每次提現都需要它確認。', '金額不低於該網絡的最低提現額；網絡手續費會顯示在表單上。']) +
          p(`24 小時內，1 級認證最多可提現價值 ${f.withdraw1} BTC，2 級認證最多 ${f.withdraw2} BTC。提現金額會被凍結，直到營運人員發出或拒絕；被拒絕的提現會退回您的可用餘額。`),
      },
      levels: {
        question: '身份認證分為哪幾級？',
        answer: p(
          '<strong>1 級：</strong>證件類型、您的姓名和證件號碼。<strong>2 級</strong>（完成 1 級之後）：證件正面和背面的照片。',
          `每次提交都由營運人員審核，且只有在您的帳戶同時綁定了電郵和手機號碼時才能通過。1 級認證每 24 小時可提現價值 ${f.withdraw1} BTC，2 級為 ${f.withdraw2} BTC。`,
        ),
      },
      invite: {
        question: '邀請碼和返佣如何運作？',
        answer: p(
          `每個帳戶都有自己的邀請碼和邀請連結。有人使用您的邀請碼註冊後，其支付的每筆交易手續費（現貨手續費、合約開倉手續費和期權手續費）中有 ${f.rebate} 會轉入您的幣幣帳戶。這部分出自交易所的收入，而不是由對方額外支付。`,
          '邀請頁面會列出使用您的邀請碼註冊的用戶（聯絡方式部分隱藏）以及每一筆返佣。',
        ),
      },
      liquidation: {
        question: '合約倉位什麼時候會被強制平倉？',
        answer: p(
          `當合約帳戶的風險率 =（可用餘額 + 保證金 + 未實現盈虧）÷ 保證金 降至 ${f.liquidation} 時，帳戶的所有持倉會在觸及該水平的那筆成交處平倉。`,
          '要保持在強平線之上，可以向合約帳戶劃轉資金、平掉部分倉位或設定止損價。每個倉位上的強平價格顯示了在其他條件不變時發生強平的位置。',
        ),
      },
      options: {
        question: '秒級期權如何結算？',
        answer: p(
          '由到期時或到期後的第一筆成交決定。高於開倉價：看漲獲勝；低於開倉價：看跌獲勝；相等：平局，退還本金。',
          `獲勝時返還本金並另付該時長的賠付比例（本金的 ${f.payoutLow} 至 ${f.payoutHigh}）。手續費在買入時收取。`,
        ),
      },
    },
    pages: {
      aboutus: {
        title: '關於 Kestrel',
        content:
          p('Kestrel 是一個以手機為先、用於學習交易的交易所。它基於模擬價格，為加密貨幣和股票市場運行真實的訂單簿，因此現貨、合約和秒級期權的表現與真實交易所一致，但不涉及真實資金。') +
          h('您可以在這裡做什麼') +
          ul([
            '使用限價單和市價單進行現貨交易。',
            `最高 ${f.maxMultiple} 倍槓桿的合約，支援止盈和止損。`,
            `${f.secondsMin} 至 ${f.secondsMax} 秒的秒級期權。`,
            '在模擬錢包中充值、提現、劃轉和兌換。',
          ]) +
          p('每一次餘額變動都記錄在帳本中，所有費率都在公告欄中公開。'),
      },
      contactus: {
        title: '聯絡我們',
        content: p(`電郵：${mail(f.support)}`) + p('請附上您的用戶編號（UID）；如涉及充值或提現，請附上相關記錄。') + p('我們絕不會向您索取登入密碼、資金密碼或驗證碼。'),
      },
      operational_compliance: {
        title: '營運合規',
        content:
          h('模擬交易') +
          p('Kestrel 是一個模擬平台。價格和餘額均為模擬：不買賣、持有或支付任何真實資金、幣或證券，餘額不具有現金價值。') +
          h('非受監管服務，不構成建議') +
          p('由於不處理任何真實資金，Kestrel 並不作為受監管的交易所、經紀商或投資服務營運。此處發布的任何內容都不構成投資建議。') +
          h('風險披露') +
          p(
            '真實交易加密資產、股票和衍生品具有很高的虧損風險。槓桿會同時放大盈利和虧損：很小的價格波動就可能導致合約倉位被強制平倉。秒級期權可能在數秒內損失全部本金。',
            '模擬資金的交易結果並不能預示真實資金的結果，因為真實市場中的價格、費用、流動性以及您自己的決策都可能不同。',
          ) +
          h('您的資料') +
          p('我們只保存服務所需的資料：您的聯絡方式、您為身份認證提交的資料以及您的操作記錄。上傳的圖片會被重新編碼，從而去除其中嵌入的位置等元數據。'),
      },
    },
  };
}

function jp(f: ContentFacts): LanguageContent {
  return {
    news: {
      welcome: {
        title: 'Kestrel へようこそ：模擬取引専用です',
        summary: 'ここでの残高はすべて模擬資金です。現物・先物・秒オプションを、実際のお金のリスクなしで練習できます。',
        content:
          p(
            'Kestrel へようこそ。この取引所は<strong>模擬取引（ペーパートレード）</strong>のプラットフォームです。価格と残高は模擬であり、実際のお金や暗号資産が動くことはありません。',
            f.gift && `あなたのアカウントには、はじめに ${f.gift} USDT の模擬資金が付与されます。`,
          ) +
          ul(['現物：板に対して売買します。', '先物：USDT を証拠金に、レバレッジをかけてロングまたはショート。', '秒オプション：数秒から数分後の相場の上げ下げを予想します。']) +
          p('ここに表示される入金アドレスへ、実際の資金を絶対に送らないでください。始める前に、お知らせのガイドとよくある質問でルールをご確認ください。'),
      },
      paper: {
        title: 'Kestrel の模擬取引のしくみ',
        summary: '価格は模擬、板は本物：ここで何が本物で何がそうでないか。',
        content:
          h('模擬の相場、本物の板') +
          p(
            '価格は模擬市場から生まれます。マーケットメーカーが各板の売りと買いの両側に気配を出し、模擬トレーダーがそれと約定します。表示される価格はすべてその板で実際に成立した約定なので、あなたの注文も他の参加者と同じ価格・厚み・スプレッドで約定します。',
          ) +
          h('4 つの口座') +
          p(
            '現物口座（現物取引・入金・出金）、先物口座、オプション口座、法定通貨口座があります。口座間の資金移動は振替で行い、無料で即時に反映されます。',
            f.gift && `新しいアカウントの現物口座には、${f.gift} USDT の模擬資金が付与されます。`,
          ) +
          h('すべてが記録されます') +
          p('残高の変動はすべて理由とともに台帳に記録され、明細に 1 件ずつ表示されます。入金は承認されると反映され、出金は送付または却下されるまで凍結されます。') +
          p('<strong>実際のお金は一切関係しません。</strong>ここでの損益を引き出すことはできず、表示される入金アドレスに実際の暗号資産を送ってはいけません。'),
      },
      futures: {
        title: `先物：証拠金、オーバーナイト手数料、リスク率 ${f.liquidation} での強制決済`,
        summary: 'ポジションに必要な証拠金、かかる手数料、口座が強制決済されるタイミング。',
        content:
          h('証拠金') +
          p(
            `ポジションの証拠金は、ポジションの価値を選んだレバレッジで割った額です。レバレッジは暗号資産市場で ${f.cryptoMultiples} 倍、株式で ${f.stockMultiples} 倍から選べます。価値 ${f.example.value} USDT のポジションを ${f.example.multiple} 倍で建てると、先物口座から ${f.example.margin} USDT の証拠金が必要です。1 回の注文は ${f.lotsMin}〜${f.lotsMax} ロットです。`,
          ) +
          h('手数料') +
          ul([
            `新規建て手数料：ポジション価値の ${f.leverFee}。建てたときに差し引かれます。`,
            `オーバーナイト手数料：ポジションを保有したまま午前 0 時（UTC）を越えるごとに建値ベースの価値の ${f.overnight}。決済時に支払います。`,
          ]) +
          h('リスク率と強制決済') +
          p(
            '先物口座のリスク率 =（利用可能残高 + 証拠金 + 含み損益）÷ 証拠金 です。ポジションが損失を出すと下がります。',
            `リスク率が <strong>${f.liquidation}</strong> に達すると、その水準に到達した約定で口座のすべてのポジションが決済されます。各ポジションに表示される強制決済価格は、ほかの条件が変わらない場合にそれが起こる価格です。`,
            '利確価格と損切り価格は、約定がその価格に達したときにポジションを決済します。指値注文は、約定がその価格に達するまで証拠金と手数料を凍結します。価格が強制決済価格を飛び越えても口座残高がマイナスになることはなく、差額は取引所が負担します。',
          ),
      },
      options: {
        title: '秒オプション：満期時点以降の最初の約定が結果を決めます',
        summary: '数秒間の上げ下げ：オプションの始まり方、決まり方、支払われ方。',
        content:
          p('秒オプションは相場の方向を予想する取引です。上昇または下落、期間、オプション口座から使う USDT の金額を選びます。注文が受け付けられた時点の最新約定価格で始まります。') +
          h('結果の決まり方') +
          p(
            '時間になると、<strong>満期時刻ちょうど、またはそれ以降の最初の約定</strong>が結果を決めます。開始価格より上なら上昇の勝ち、下なら下落の勝ち、開始価格とまったく同じなら引き分けで、元本が返されます。開始時と判定時の約定はどちらもオプションに記録されます。',
          ) +
          h('期間と配当') +
          ul(f.options.map((o) => `${o.seconds} 秒：勝てば元本に加えて元本の ${o.payout} を受け取ります。手数料は元本の ${o.fee}、金額は ${o.min}〜${o.max} USDT。`)) +
          p(`手数料は購入時に差し引かれ、返金されません。同時に保有できるオプションは最大 ${f.optionMaxOpen} 件です。`),
      },
      fees: {
        title: '手数料一覧',
        summary: `現物 ${f.spotFee}、先物は新規建て ${f.leverFee} と 1 晩ごとに ${f.overnight}、オプション ${f.optionFees}、両替 ${f.convertFee}。`,
        content:
          ul([
            `<strong>現物：</strong>受け取る側（買った暗号資産、または売却で得た USDT）の ${f.spotFee}。メイカーもテイカーも同じです。1 回の注文は決済通貨で ${f.spotMin} 以上の価値が必要です。`,
            `<strong>先物：</strong>建てたときにポジション価値の ${f.leverFee}。さらに保有中に午前 0 時（UTC）を越えるごとに建値ベースの価値の ${f.overnight} を、決済時に支払います。`,
            `<strong>秒オプション：</strong>元本の ${f.optionFees}。購入時に差し引かれます。`,
            `<strong>両替：</strong>受け取る額の ${f.convertFee}。手数料クーポンで一部が免除されます。`,
            '自分の口座間の<strong>振替</strong>と<strong>入金</strong>は無料です。',
            `<strong>出金：</strong>ネットワークごとの固定手数料：${f.networks.map((n) => `${n.label}${n.fee} ${n.coin}、最小 ${n.min}`).join('；')}。`,
          ]) + p(`招待コードで登録した場合、あなたが支払う取引手数料の ${f.rebate} が招待した人に渡ります。これは取引所の取り分から支払われ、あなたの支払額は変わりません。`),
      },
    },
    banners: {
      paper: { title: '模擬取引、本物の板', summary: '実際に約定する市場で、模擬資金を使って練習しましょう。' },
      futures: { title: `先物は最大 ${f.maxMultiple} 倍`, summary: `取引の前に、証拠金とリスク率 ${f.liquidation} の強制決済ラインを確認しましょう。` },
      fees: { title: '公開された手数料', summary: `現物 ${f.spotFee}、先物は新規建て ${f.leverFee} と 1 晩ごとに ${f.overnight}。` },
    },
    faq: {
      deposit: {
        question: '入金はどのように行いますか？',
        answer:
          p(
            '「資産」で「入金」を選び、通貨とネットワークを選んで、表示されたアドレスに送金します。その後、金額と支払い画面のスクリーンショット（支払い証明）を報告してください。',
            '運営者が報告を確認して現物口座に反映します。それまでは入金履歴に審査中として表示されます。',
            f.autoDeposit && 'このデモ構成では、報告はすぐに承認されます。',
          ) + p('ここは模擬取引の取引所です。実際の暗号資産は送らないでください。'),
      },
      withdraw: {
        question: '出金には何が必要ですか？',
        answer:
          ul([
            'レベル 1 以上の本人確認。',
            'セキュリティ設定で設定する資金パスワード（6 桁）。出金のたびに確認に使います。',
            'ネットワークの最小額以上の金額。ネットワーク手数料はフォームに表示されます。',
          ]) +
          p(
            `24 時間で出金できるのは、レベル 1 で ${f.withdraw1} BTC 相当、レベル 2 で ${f.withdraw2} BTC 相当までです。金額は運営者が送付または却下するまで凍結され、却下された出金は利用可能残高に戻ります。`,
          ),
      },
      levels: {
        question: '本人確認のレベルとは？',
        answer: p(
          '<strong>レベル 1：</strong>書類の種類、氏名、書類番号。<strong>レベル 2</strong>（レベル 1 の後）：書類の表面と裏面の写真。',
          `提出は運営者が審査し、アカウントにメールアドレスと携帯電話番号の両方が登録されている場合にのみ承認されます。レベル 1 では 24 時間あたり ${f.withdraw1} BTC 相当、レベル 2 では ${f.withdraw2} BTC 相当まで出金できます。`,
        ),
      },
      invite: {
        question: '招待コードとリベートのしくみは？',
        answer: p(
          `どのアカウントにも専用の招待コードと招待リンクがあります。誰かがあなたのコードで登録すると、その人が支払う取引手数料（現物手数料、先物の新規建て手数料、オプション手数料）の ${f.rebate} があなたの現物口座に支払われます。これは取引所の取り分から出るもので、相手の負担が増えることはありません。`,
          '招待画面には、あなたのコードで登録した人（連絡先は一部伏せ字）とすべてのリベートが表示されます。',
        ),
      },
      liquidation: {
        question: '先物ポジションはいつ強制決済されますか？',
        answer: p(
          `先物口座のリスク率、つまり（利用可能残高 + 証拠金 + 含み損益）÷ 証拠金 が ${f.liquidation} まで下がると、その水準に到達した約定で口座のすべてのポジションが決済されます。`,
          '上回った状態を保つには、先物口座へ資金を振り替える、ポジションを決済する、損切り価格を設定するといった方法があります。各ポジションの強制決済価格は、ほかの条件が変わらない場合にそれが起こる価格を示しています。',
        ),
      },
      options: {
        question: '秒オプションはどのように決済されますか？',
        answer: p(
          '満期時刻ちょうど、またはそれ以降の最初の約定で決まります。開始価格より高ければ上昇の勝ち、低ければ下落の勝ち、同じなら引き分けで元本が返されます。',
          `勝った場合は、元本に加えて期間ごとの配当（元本の ${f.payoutLow}〜${f.payoutHigh}）を受け取ります。手数料は購入時に差し引かれます。`,
        ),
      },
    },
    pages: {
      aboutus: {
        title: 'Kestrel について',
        content:
          p(
            'Kestrel は、取引を学ぶためのスマートフォン向け取引所です。模擬価格のもとで暗号資産と株式の市場に本物の板を動かしているため、現物・先物・秒オプションは実際の取引所と同じように動きますが、実際のお金は使いません。',
          ) +
          h('できること') +
          ul([
            '指値注文と成行注文による現物取引。',
            `最大 ${f.maxMultiple} 倍のレバレッジ、利確・損切り付きの先物。`,
            `${f.secondsMin}〜${f.secondsMax} 秒の秒オプション。`,
            '模擬ウォレットでの入金・出金・振替・両替。',
          ]) +
          p('残高の変動はすべて台帳に記録され、手数料はすべてお知らせで公開しています。'),
      },
      contactus: {
        title: 'お問い合わせ',
        content:
          p(`メール：${mail(f.support)}`) +
          p('ユーザー番号（UID）と、入金や出金に関するお問い合わせの場合は該当する履歴を添えてください。') +
          p('ログインパスワード、資金パスワード、認証コードをお尋ねすることは決してありません。'),
      },
      operational_compliance: {
        title: '運営コンプライアンス',
        content:
          h('模擬取引') +
          p('Kestrel はシミュレーションです。価格と残高は模擬であり、実際のお金・暗号資産・有価証券の売買、保管、支払いは行いません。残高に金銭的価値はありません。') +
          h('規制対象サービスではなく、助言でもありません') +
          p('実際のお金を扱わないため、Kestrel は規制対象の取引所、ブローカー、投資サービスとして運営されていません。ここに掲載される内容は投資助言ではありません。') +
          h('リスクの開示') +
          p(
            '暗号資産、株式、デリバティブの実際の取引には大きな損失のリスクがあります。レバレッジは利益も損失も拡大し、わずかな値動きで先物ポジションが強制決済されることがあります。秒オプションでは数秒で元本をすべて失うことがあります。',
            '模擬資金での結果は、実際のお金での結果を示すものではありません。実際の市場では価格、手数料、流動性、そしてあなた自身の判断が異なる場合があります。',
          ) +
          h('あなたのデータ') +
          p(
            'サービスに必要なものだけを保存します：連絡先、本人確認のために提出された情報、そして利用履歴です。アップロードされた画像は再エンコードされ、位置情報などの埋め込みメタデータは削除されます。',
          ),
      },
    },
  };
}

function kor(f: ContentFacts): LanguageContent {
  return {
    news: {
      welcome: {
        title: 'Kestrel에 오신 것을 환영합니다: 모의 거래 전용',
        summary: '이곳의 모든 잔액은 모의 자금입니다. 실제 돈의 위험 없이 현물, 선물, 초단위 옵션을 연습하세요.',
        content:
          p(
            'Kestrel에 오신 것을 환영합니다. 이 거래소는 <strong>모의 거래</strong> 플랫폼입니다. 가격과 잔액은 모의로 만들어지며, 실제 돈이나 실제 코인은 절대 이동하지 않습니다.',
            f.gift && `계정에는 시작 자금으로 ${f.gift} USDT의 모의 자금이 지급됩니다.`,
          ) +
          ul(['현물: 호가창을 상대로 사고팝니다.', '선물: USDT를 증거금으로 레버리지를 사용해 롱 또는 숏 포지션을 잡습니다.', '초단위 옵션: 몇 초에서 몇 분 뒤 시장의 방향을 예측합니다.']) +
          p('여기에 표시되는 입금 주소로 실제 자금을 절대 보내지 마세요. 시작하기 전에 공지사항의 가이드와 자주 묻는 질문에서 규칙을 확인하세요.'),
      },
      paper: {
        title: 'Kestrel의 모의 거래는 이렇게 작동합니다',
        summary: '가격은 모의, 호가창은 실제: 무엇이 실제이고 무엇이 아닌지.',
        content:
          h('모의 시장, 실제 호가창') +
          p(
            '가격은 모의 시장에서 나옵니다. 마켓 메이커가 각 호가창의 매수와 매도 양쪽에 호가를 내고, 모의 트레이더들이 그와 거래합니다. 보이는 모든 가격은 그 호가창에서 실제로 체결된 거래이므로, 여러분의 주문도 다른 참가자와 같은 가격, 호가 깊이, 스프레드로 체결됩니다.',
          ) +
          h('네 개의 계정') +
          p(
            '현물 계정(현물 거래, 입금, 출금), 선물 계정, 옵션 계정, 법정화폐 계정이 있습니다. 계정 간 자금 이동은 이체로 하며, 무료이고 즉시 반영됩니다.',
            f.gift && `새 계정의 현물 계정에는 ${f.gift} USDT의 모의 자금이 지급됩니다.`,
          ) +
          h('모든 것이 기록됩니다') +
          p('모든 잔액 변동은 사유와 함께 원장에 기록되며, 거래 내역에 하나하나 표시됩니다. 입금은 승인되면 반영되고, 출금은 발송되거나 거절될 때까지 동결됩니다.') +
          p('<strong>실제 돈은 전혀 관련되지 않습니다.</strong> 이곳에서의 수익이나 손실은 인출할 수 없으며, 표시되는 입금 주소로 실제 코인을 보내서는 안 됩니다.'),
      },
      futures: {
        title: `선물: 증거금, 오버나이트 수수료, 위험률 ${f.liquidation} 강제 청산`,
        summary: '포지션에 필요한 증거금, 드는 비용, 그리고 계정이 강제 청산되는 시점.',
        content:
          h('증거금') +
          p(
            `포지션의 증거금은 포지션 가치를 선택한 레버리지로 나눈 금액입니다. 레버리지는 암호화폐 시장에서 ${f.cryptoMultiples}배, 주식에서 ${f.stockMultiples}배 중에서 고릅니다. 가치 ${f.example.value} USDT의 포지션을 ${f.example.multiple}배로 잡으면 선물 계정에서 ${f.example.margin} USDT의 증거금이 필요합니다. 주문 한 건은 ${f.lotsMin}~${f.lotsMax}랏입니다.`,
          ) +
          h('수수료') +
          ul([
            `진입 수수료: 포지션 가치의 ${f.leverFee}, 포지션을 열 때 부과됩니다.`,
            `오버나이트 수수료: 포지션을 보유한 채 자정(UTC)을 넘길 때마다 진입 가치의 ${f.overnight}, 포지션을 닫을 때 지불합니다.`,
          ]) +
          h('위험률과 강제 청산') +
          p(
            '선물 계정의 위험률 = (사용 가능 잔액 + 증거금 + 미실현 손익) ÷ 증거금입니다. 포지션이 손실을 보면 낮아집니다.',
            `위험률이 <strong>${f.liquidation}</strong>에 도달하면, 그 수준에 닿은 체결 가격으로 계정의 모든 포지션이 청산됩니다. 각 포지션에 표시되는 청산 가격은 다른 조건이 그대로일 때 청산이 일어나는 가격입니다.`,
            '익절가와 손절가는 체결 가격이 그 가격에 닿으면 포지션을 닫습니다. 지정가 주문은 체결 가격이 해당 가격에 닿을 때까지 증거금과 수수료를 동결합니다. 가격이 청산 가격을 뛰어넘더라도 계정 잔액은 0 아래로 내려가지 않으며, 차액은 거래소가 부담합니다.',
          ),
      },
      options: {
        title: '초단위 옵션: 만기 시점 또는 그 이후의 첫 체결이 결과를 정합니다',
        summary: '몇 초 동안의 상승 또는 하락: 옵션이 시작되고, 판정되고, 지급되는 방식.',
        content:
          p('초단위 옵션은 시장의 방향을 예측하는 거래입니다. 상승 또는 하락, 기간, 옵션 계정에서 사용할 USDT 금액을 고릅니다. 주문이 접수되는 순간의 최근 체결가로 시작됩니다.') +
          h('판정 방식') +
          p(
            '시간이 되면 <strong>만기 시점 또는 그 이후의 첫 체결</strong>이 결과를 정합니다. 시작 가격보다 높으면 상승이 이기고, 낮으면 하락이 이기며, 시작 가격과 정확히 같으면 무승부로 원금이 반환됩니다. 시작 체결과 판정 체결은 모두 옵션에 기록됩니다.',
          ) +
          h('기간과 지급률') +
          ul(f.options.map((o) => `${o.seconds}초: 이기면 원금과 함께 원금의 ${o.payout}를 받습니다. 수수료는 원금의 ${o.fee}, 금액은 ${o.min}~${o.max} USDT입니다.`)) +
          p(`수수료는 구매 시 부과되며 반환되지 않습니다. 동시에 보유할 수 있는 옵션은 최대 ${f.optionMaxOpen}개입니다.`),
      },
      fees: {
        title: '수수료 안내',
        summary: `현물 ${f.spotFee}, 선물 진입 ${f.leverFee}와 1박당 ${f.overnight}, 옵션 ${f.optionFees}, 환전 ${f.convertFee}.`,
        content:
          ul([
            `<strong>현물:</strong> 받는 쪽(매수한 코인 또는 매도로 받은 USDT)의 ${f.spotFee}. 메이커와 테이커 모두 같습니다. 주문 한 건은 견적 통화 기준 ${f.spotMin} 이상이어야 합니다.`,
            `<strong>선물:</strong> 포지션을 열 때 포지션 가치의 ${f.leverFee}, 그리고 보유 중 자정(UTC)을 넘길 때마다 진입 가치의 ${f.overnight}를 포지션을 닫을 때 지불합니다.`,
            `<strong>초단위 옵션:</strong> 원금의 ${f.optionFees}, 구매 시 부과됩니다.`,
            `<strong>환전:</strong> 받는 금액의 ${f.convertFee}. 수수료 쿠폰으로 일부를 면제받을 수 있습니다.`,
            '본인 계정 간 <strong>이체</strong>와 <strong>입금</strong>은 무료입니다.',
            `<strong>출금:</strong> 네트워크별 고정 수수료: ${f.networks.map((n) => `${n.label} ${n.fee} ${n.coin}, 최소 ${n.min}`).join('; ')}.`,
          ]) + p(`초대 코드로 가입했다면, 여러분이 내는 거래 수수료의 ${f.rebate}가 초대한 사람에게 전달됩니다. 이는 거래소 몫에서 지급되며 여러분이 내는 금액은 달라지지 않습니다.`),
      },
    },
    banners: {
      paper: { title: '모의 거래, 실제 호가창', summary: '실제로 체결되는 시장에서 모의 자금으로 연습하세요.' },
      futures: { title: `최대 ${f.maxMultiple}배 선물`, summary: `거래 전에 증거금과 ${f.liquidation} 청산선을 확인하세요.` },
      fees: { title: '공개된 수수료', summary: `현물 ${f.spotFee}, 선물 진입 ${f.leverFee}와 1박당 ${f.overnight}.` },
    },
    faq: {
      deposit: {
        question: '입금은 어떻게 하나요?',
        answer:
          p(
            '자산에서 입금을 선택하고 코인과 네트워크를 고른 뒤, 표시된 주소로 보내세요. 그다음 금액과 결제 화면 캡처(결제 증빙)를 제출하세요.',
            '운영자가 제출 내용을 확인한 뒤 현물 계정에 반영합니다. 그 전까지는 입금 내역에 심사 중으로 표시됩니다.',
            f.autoDeposit && '이 데모 구성에서는 제출 즉시 승인됩니다.',
          ) + p('이곳은 모의 거래 거래소입니다. 실제 코인을 보내지 마세요.'),
      },
      withdraw: {
        question: '출금하려면 무엇이 필요한가요?',
        answer:
          ul(['레벨 1 이상의 본인 인증.', '보안 설정에서 정하는 결제 비밀번호(6자리). 모든 출금을 확인할 때 사용합니다.', '네트워크 최소 금액 이상의 금액. 네트워크 수수료는 양식에 표시됩니다.']) +
          p(
            `24시간 동안 레벨 1은 ${f.withdraw1} BTC 상당, 레벨 2는 ${f.withdraw2} BTC 상당까지 출금할 수 있습니다. 금액은 운영자가 발송하거나 거절할 때까지 동결되며, 거절된 출금은 사용 가능 잔액으로 돌아옵니다.`,
          ),
      },
      levels: {
        question: '본인 인증 레벨은 무엇인가요?',
        answer: p(
          '<strong>레벨 1:</strong> 신분증 종류, 이름, 신분증 번호. <strong>레벨 2</strong>(레벨 1 이후): 신분증 앞면과 뒷면 사진.',
          `제출할 때마다 운영자가 심사하며, 계정에 이메일 주소와 휴대폰 번호가 모두 연결되어 있어야 통과합니다. 레벨 1은 24시간당 ${f.withdraw1} BTC 상당, 레벨 2는 ${f.withdraw2} BTC 상당까지 출금할 수 있습니다.`,
        ),
      },
      invite: {
        question: '초대 코드와 리베이트는 어떻게 작동하나요?',
        answer: p(
          `모든 계정에는 고유한 초대 코드와 초대 링크가 있습니다. 누군가 여러분의 코드로 가입하면, 그 사람이 내는 모든 거래 수수료(현물 수수료, 선물 진입 수수료, 옵션 수수료)의 ${f.rebate}가 여러분의 현물 계정으로 지급됩니다. 이는 거래소 몫에서 나오며, 상대방이 더 내는 것이 아닙니다.`,
          '초대 화면에서 여러분의 코드로 가입한 사람(연락처 일부 가림)과 모든 리베이트를 볼 수 있습니다.',
        ),
      },
      liquidation: {
        question: '선물 포지션은 언제 강제 청산되나요?',
        answer: p(
          `선물 계정의 위험률, 즉 (사용 가능 잔액 + 증거금 + 미실현 손익) ÷ 증거금이 ${f.liquidation}까지 떨어지면, 그 수준에 닿은 체결 가격으로 계정의 모든 포지션이 청산됩니다.`,
          '그보다 높게 유지하려면 선물 계정으로 자금을 이체하거나, 포지션을 닫거나, 손절가를 설정하세요. 각 포지션의 청산 가격은 다른 조건이 그대로일 때 청산이 일어나는 가격을 보여 줍니다.',
        ),
      },
      options: {
        question: '초단위 옵션은 어떻게 정산되나요?',
        answer: p(
          '만기 시점 또는 그 이후의 첫 체결로 결정됩니다. 시작 가격보다 높으면 상승, 낮으면 하락이 이기고, 같으면 무승부로 원금이 반환됩니다.',
          `이기면 원금과 함께 기간별 지급률(원금의 ${f.payoutLow}~${f.payoutHigh})을 받습니다. 수수료는 구매 시 부과됩니다.`,
        ),
      },
    },
    pages: {
      aboutus: {
        title: 'Kestrel 소개',
        content:
          p(
            'Kestrel은 거래를 배우기 위한 모바일 우선 거래소입니다. 모의 가격 위에서 암호화폐와 주식 시장의 실제 호가창을 운영하므로, 현물·선물·초단위 옵션이 실제 거래소와 똑같이 작동하지만 실제 돈은 쓰지 않습니다.',
          ) +
          h('이곳에서 할 수 있는 일') +
          ul([
            '지정가·시장가 주문을 이용한 현물 거래.',
            `최대 ${f.maxMultiple}배 레버리지와 익절·손절을 지원하는 선물.`,
            `${f.secondsMin}~${f.secondsMax}초의 초단위 옵션.`,
            '모의 지갑에서의 입금, 출금, 이체, 환전.',
          ]) +
          p('모든 잔액 변동은 원장에 기록되며, 모든 수수료는 공지사항에 공개되어 있습니다.'),
      },
      contactus: {
        title: '문의하기',
        content:
          p(`이메일: ${mail(f.support)}`) +
          p('사용자 번호(UID)와, 입금이나 출금에 관한 문의라면 해당 내역을 함께 보내 주세요.') +
          p('저희는 로그인 비밀번호, 결제 비밀번호, 인증 코드를 절대 묻지 않습니다.'),
      },
      operational_compliance: {
        title: '운영 컴플라이언스',
        content:
          h('모의 거래') +
          p('Kestrel은 시뮬레이션입니다. 가격과 잔액은 모의로 만들어지며, 실제 돈, 코인, 증권을 사고팔거나 보관하거나 지급하지 않습니다. 잔액에는 현금 가치가 없습니다.') +
          h('규제 대상 서비스가 아니며, 투자 조언이 아닙니다') +
          p('실제 돈을 다루지 않으므로 Kestrel은 규제 대상 거래소, 중개인 또는 투자 서비스로 운영되지 않습니다. 이곳에 게시된 어떤 내용도 투자 조언이 아닙니다.') +
          h('위험 고지') +
          p(
            '암호화폐, 주식, 파생상품의 실제 거래에는 큰 손실 위험이 따릅니다. 레버리지는 수익과 손실을 모두 키우며, 작은 가격 변동으로도 선물 포지션이 청산될 수 있습니다. 초단위 옵션은 몇 초 만에 원금 전부를 잃을 수 있습니다.',
            '모의 자금으로 얻은 결과는 실제 돈으로 얻을 결과를 예측하지 못합니다. 실제 시장에서는 가격, 수수료, 유동성, 그리고 여러분의 판단이 다를 수 있습니다.',
          ) +
          h('여러분의 데이터') +
          p('서비스에 필요한 것만 보관합니다: 연락처, 본인 인증을 위해 제출한 정보, 그리고 이용 기록입니다. 업로드된 이미지는 다시 인코딩되어 위치 정보 같은 내장 메타데이터가 제거됩니다.'),
      },
    },
  };
}

function th(f: ContentFacts): LanguageContent {
  return {
    news: {
      welcome: {
        title: 'ยินดีต้อนรับสู่ Kestrel: การเทรดจำลองเท่านั้น',
        summary: 'ยอดเงินทั้งหมดที่นี่เป็นเงินจำลอง ฝึกเทรดสปอต ฟิวเจอร์ส และออปชันรายวินาทีได้โดยไม่ต้องเสี่ยงเงินจริง',
        content:
          p(
            'ยินดีต้อนรับสู่ Kestrel แพลตฟอร์มนี้เป็นแพลตฟอร์ม<strong>การเทรดจำลอง</strong> ราคาและยอดเงินเป็นการจำลอง ไม่มีการโอนเงินจริงหรือเหรียญจริงใด ๆ',
            f.gift && `บัญชีของคุณจะได้รับเงินจำลอง ${f.gift} USDT สำหรับเริ่มต้น`,
          ) +
          ul(['สปอต: ซื้อและขายกับสมุดคำสั่งซื้อขาย', 'ฟิวเจอร์ส: เปิดสถานะ Long หรือ Short ด้วยเลเวอเรจ โดยใช้ USDT เป็นมาร์จิ้น', 'ออปชันรายวินาที: คาดการณ์ทิศทางตลาดในไม่กี่วินาทีถึงไม่กี่นาที']) +
          p('โปรดอย่าส่งเงินจริงไปยังที่อยู่ฝากที่แสดงอยู่ที่นี่ ก่อนเริ่ม โปรดอ่านคู่มือในหมวดข่าวสารและคำถามที่พบบ่อยเพื่อทำความเข้าใจกฎ'),
      },
      paper: {
        title: 'การเทรดจำลองบน Kestrel ทำงานอย่างไร',
        summary: 'ราคาจำลอง สมุดคำสั่งจริง: อะไรจริงและอะไรไม่จริงที่นี่',
        content:
          h('ตลาดจำลอง สมุดคำสั่งจริง') +
          p(
            'ราคามาจากตลาดจำลอง ผู้ดูแลสภาพคล่องเสนอราคาทั้งฝั่งซื้อและฝั่งขายในสมุดคำสั่งแต่ละเล่ม และเทรดเดอร์จำลองจับคู่ซื้อขายกับราคาเหล่านั้น ทุกราคาที่คุณเห็นคือการซื้อขายที่เกิดขึ้นจริงในสมุดคำสั่งนั้น คำสั่งของคุณจึงพบกับราคา ความลึก และสเปรดเดียวกับผู้อื่น',
          ) +
          h('บัญชีทั้งสี่ของคุณ') +
          p('คุณมีบัญชีเหรียญ (เทรดสปอต ฝาก และถอน) บัญชีฟิวเจอร์ส บัญชีออปชัน และบัญชีเฟียต ย้ายเงินระหว่างบัญชีด้วยการโอน ซึ่งฟรีและมีผลทันที', f.gift && `บัญชีใหม่ทุกบัญชีจะได้รับเงินจำลอง ${f.gift} USDT ในบัญชีเหรียญ`) +
          h('ทุกอย่างถูกบันทึก') +
          p('การเปลี่ยนแปลงยอดเงินทุกครั้งจะถูกบันทึกลงบัญชีแยกประเภทพร้อมเหตุผล และแสดงทีละรายการในรายการบัญชีของคุณ เงินฝากจะเข้าบัญชีเมื่อได้รับอนุมัติ ส่วนการถอนจะถูกอายัดไว้จนกว่าจะส่งออกหรือถูกปฏิเสธ') +
          p('<strong>ไม่มีเงินจริงเกี่ยวข้อง:</strong> กำไรหรือขาดทุนที่นี่ไม่สามารถถอนออกได้ และห้ามส่งเหรียญจริงไปยังที่อยู่ฝากที่แสดง'),
      },
      futures: {
        title: `ฟิวเจอร์ส: มาร์จิ้น ค่าธรรมเนียมข้ามคืน และการบังคับปิดสถานะที่อัตราความเสี่ยง ${f.liquidation}`,
        summary: 'สถานะหนึ่งใช้มาร์จิ้นเท่าไร มีค่าใช้จ่ายอะไร และบัญชีจะถูกบังคับปิดสถานะเมื่อใด',
        content:
          h('มาร์จิ้น') +
          p(
            `มาร์จิ้นของสถานะเท่ากับมูลค่าของสถานะหารด้วยตัวคูณที่คุณเลือก: ${f.cryptoMultiples} เท่าสำหรับตลาดคริปโต และ ${f.stockMultiples} เท่าสำหรับหุ้น สถานะมูลค่า ${f.example.value} USDT ที่ ${f.example.multiple} เท่า ต้องใช้มาร์จิ้น ${f.example.margin} USDT จากบัญชีฟิวเจอร์ส คำสั่งหนึ่งมีได้ ${f.lotsMin} ถึง ${f.lotsMax} ล็อต`,
          ) +
          h('ค่าธรรมเนียม') +
          ul([`ค่าธรรมเนียมเปิดสถานะ: ${f.leverFee} ของมูลค่าสถานะ เรียกเก็บเมื่อเปิดสถานะ`, `ค่าธรรมเนียมข้ามคืน: ${f.overnight} ของมูลค่าตอนเปิด ทุกครั้งที่ถือสถานะข้ามเที่ยงคืน (UTC) ชำระเมื่อปิดสถานะ`]) +
          h('อัตราความเสี่ยงและการบังคับปิดสถานะ') +
          p(
            'อัตราความเสี่ยงของบัญชีฟิวเจอร์ส = (ยอดคงเหลือที่ใช้ได้ + มาร์จิ้น + กำไรหรือขาดทุนที่ยังไม่รับรู้) ÷ มาร์จิ้น ซึ่งจะลดลงเมื่อสถานะของคุณขาดทุน',
            `เมื่ออัตรานี้ลดลงถึง <strong>${f.liquidation}</strong> สถานะที่เปิดอยู่ทั้งหมดของบัญชีจะถูกปิดที่การซื้อขายที่ทำให้ถึงระดับนั้น ราคาบังคับปิดที่แสดงในแต่ละสถานะคือราคาที่จะเกิดเหตุการณ์นี้ หากปัจจัยอื่นคงเดิม`,
            'ราคาทำกำไรและราคาตัดขาดทุนจะปิดสถานะเมื่อมีการซื้อขายถึงราคานั้น คำสั่งลิมิตจะอายัดมาร์จิ้นและค่าธรรมเนียมไว้จนกว่าจะมีการซื้อขายถึงราคาของคำสั่ง หากราคากระโดดข้ามราคาบังคับปิด ยอดเงินในบัญชีจะไม่ติดลบ แพลตฟอร์มจะรับส่วนต่างไว้เอง',
          ),
      },
      options: {
        title: 'ออปชันรายวินาที: การซื้อขายแรก ณ หรือหลังเวลาหมดอายุเป็นตัวตัดสิน',
        summary: 'ขึ้นหรือลงภายในไม่กี่วินาที: ออปชันเปิดอย่างไร ตัดสินอย่างไร และจ่ายเท่าไร',
        content:
          p('ออปชันรายวินาทีคือการคาดการณ์ทิศทางของตลาด เลือกขึ้นหรือลง ระยะเวลา และจำนวน USDT จากบัญชีออปชันของคุณ ออปชันจะเปิดที่ราคาซื้อขายล่าสุดของตลาดเมื่อคำสั่งของคุณได้รับการยอมรับ') +
          h('การตัดสิน') +
          p(
            'เมื่อหมดเวลา <strong>การซื้อขายแรก ณ หรือหลังเวลาหมดอายุ</strong> จะเป็นตัวตัดสิน สูงกว่าราคาเปิด: ฝั่งขึ้นชนะ ต่ำกว่า: ฝั่งลงชนะ เท่ากับราคาเปิดพอดี: เสมอ และคืนเงินเดิมพัน ทั้งการซื้อขายตอนเปิดและตอนตัดสินจะถูกบันทึกไว้ในออปชัน',
          ) +
          h('ระยะเวลาและอัตราจ่าย') +
          ul(f.options.map((o) => `${o.seconds} วินาที: ชนะได้รับเงินเดิมพันคืนพร้อม ${o.payout} ของเงินเดิมพัน ค่าธรรมเนียม ${o.fee} ของเงินเดิมพัน จำนวน ${o.min} ถึง ${o.max} USDT`)) +
          p(`ค่าธรรมเนียมเรียกเก็บเมื่อซื้อและไม่คืน เปิดออปชันพร้อมกันได้สูงสุด ${f.optionMaxOpen} รายการ`),
      },
      fees: {
        title: 'ตารางค่าธรรมเนียม',
        summary: `สปอต ${f.spotFee} ฟิวเจอร์สเปิดสถานะ ${f.leverFee} บวก ${f.overnight} ต่อคืน ออปชัน ${f.optionFees} การแลกเปลี่ยน ${f.convertFee}`,
        content:
          ul([
            `<strong>สปอต:</strong> ${f.spotFee} ของสิ่งที่คุณได้รับ (เหรียญที่ซื้อ หรือ USDT จากการขาย) เท่ากันทั้งเมกเกอร์และเทกเกอร์ คำสั่งต้องมีมูลค่าอย่างน้อย ${f.spotMin} ในสกุลเงินอ้างอิง`,
            `<strong>ฟิวเจอร์ส:</strong> ${f.leverFee} ของมูลค่าสถานะเมื่อเปิด บวก ${f.overnight} ของมูลค่าตอนเปิดทุกครั้งที่ถือข้ามเที่ยงคืน (UTC) ชำระเมื่อปิดสถานะ`,
            `<strong>ออปชันรายวินาที:</strong> ${f.optionFees} ของเงินเดิมพัน เรียกเก็บเมื่อซื้อ`,
            `<strong>การแลกเปลี่ยน:</strong> ${f.convertFee} ของสิ่งที่คุณได้รับ คูปองค่าธรรมเนียมช่วยลดได้บางส่วน`,
            '<strong>การโอน</strong>ระหว่างบัญชีของคุณเองและ<strong>การฝาก</strong>ไม่มีค่าธรรมเนียม',
            `<strong>การถอน:</strong> ค่าธรรมเนียมคงที่ตามเครือข่าย: ${f.networks.map((n) => `${n.label} ${n.fee} ${n.coin} ขั้นต่ำ ${n.min}`).join('; ')}`,
          ]) + p(`หากคุณสมัครด้วยรหัสเชิญ ${f.rebate} ของค่าธรรมเนียมการเทรดแต่ละครั้งที่คุณจ่ายจะส่งต่อให้ผู้เชิญ ส่วนนี้มาจากส่วนแบ่งของแพลตฟอร์ม และไม่ทำให้ยอดที่คุณจ่ายเปลี่ยนไป`),
      },
    },
    banners: {
      paper: { title: 'เทรดจำลอง สมุดคำสั่งจริง', summary: 'ฝึกด้วยเงินจำลองในตลาดที่มีการซื้อขายจริง' },
      futures: { title: `ฟิวเจอร์สสูงสุด ${f.maxMultiple} เท่า`, summary: `รู้จักมาร์จิ้นและเส้นบังคับปิดสถานะ ${f.liquidation} ก่อนเทรด` },
      fees: { title: 'ค่าธรรมเนียมที่เปิดเผย', summary: `สปอต ${f.spotFee} ฟิวเจอร์สเปิดสถานะ ${f.leverFee} บวก ${f.overnight} ต่อคืน` },
    },
    faq: {
      deposit: {
        question: 'การฝากทำอย่างไร?',
        answer:
          p(
            'ในหน้าสินทรัพย์ เลือกฝาก แล้วเลือกเหรียญและเครือข่าย จากนั้นส่งไปยังที่อยู่ที่แสดง แล้วแจ้งจำนวนพร้อมภาพหน้าจอการชำระเงิน (หลักฐานการชำระเงิน)',
            'ผู้ดูแลระบบจะตรวจสอบและเติมเงินเข้าบัญชีเหรียญของคุณ ก่อนหน้านั้นรายการจะแสดงเป็นรอดำเนินการในประวัติการฝาก',
            f.autoDeposit && 'ในการตั้งค่าสาธิตนี้ การแจ้งฝากจะได้รับอนุมัติทันที',
          ) + p('นี่คือแพลตฟอร์มเทรดจำลอง โปรดอย่าส่งเหรียญจริง'),
      },
      withdraw: {
        question: 'ต้องมีอะไรบ้างจึงจะถอนได้?',
        answer:
          ul(['การยืนยันตัวตนระดับ 1 ขึ้นไป', 'รหัสผ่านการชำระเงิน (6 หลัก) ตั้งได้ในการตั้งค่าความปลอดภัย ใช้ยืนยันการถอนทุกครั้ง', 'จำนวนไม่ต่ำกว่าขั้นต่ำของเครือข่าย ค่าธรรมเนียมเครือข่ายแสดงอยู่ในแบบฟอร์ม']) +
          p(`ภายใน 24 ชั่วโมง ระดับ 1 ถอนได้สูงสุดมูลค่า ${f.withdraw1} BTC และระดับ 2 ได้ ${f.withdraw2} BTC จำนวนที่ถอนจะถูกอายัดจนกว่าผู้ดูแลระบบจะส่งออกหรือปฏิเสธ การถอนที่ถูกปฏิเสธจะคืนเข้ายอดที่ใช้ได้ของคุณ`),
      },
      levels: {
        question: 'ระดับการยืนยันตัวตนมีอะไรบ้าง?',
        answer: p(
          '<strong>ระดับ 1:</strong> ประเภทเอกสาร ชื่อของคุณ และเลขที่เอกสาร <strong>ระดับ 2</strong> (หลังระดับ 1): รูปถ่ายด้านหน้าและด้านหลังของเอกสาร',
          `ผู้ดูแลระบบจะตรวจสอบทุกครั้งที่ส่ง และจะผ่านเมื่อบัญชีของคุณผูกทั้งอีเมลและหมายเลขโทรศัพท์มือถือแล้วเท่านั้น ระดับ 1 ถอนได้มูลค่า ${f.withdraw1} BTC ต่อ 24 ชั่วโมง ระดับ 2 ได้ ${f.withdraw2} BTC`,
        ),
      },
      invite: {
        question: 'รหัสเชิญและเงินคืนทำงานอย่างไร?',
        answer: p(
          `ทุกบัญชีมีรหัสเชิญและลิงก์เชิญของตนเอง เมื่อมีคนสมัครด้วยรหัสของคุณ ${f.rebate} ของค่าธรรมเนียมการเทรดทุกครั้งที่เขาจ่าย (ค่าธรรมเนียมสปอต ค่าธรรมเนียมเปิดสถานะฟิวเจอร์ส และค่าธรรมเนียมออปชัน) จะโอนเข้าบัญชีเหรียญของคุณ ส่วนนี้มาจากส่วนแบ่งของแพลตฟอร์ม ไม่ใช่เงินที่เขาต้องจ่ายเพิ่ม`,
          'หน้าคำเชิญจะแสดงผู้ที่สมัครด้วยรหัสของคุณ (ซ่อนข้อมูลติดต่อบางส่วน) และเงินคืนทุกรายการ',
        ),
      },
      liquidation: {
        question: 'สถานะฟิวเจอร์สจะถูกบังคับปิดเมื่อใด?',
        answer: p(
          `เมื่ออัตราความเสี่ยงของบัญชีฟิวเจอร์ส คือ (ยอดคงเหลือที่ใช้ได้ + มาร์จิ้น + กำไรหรือขาดทุนที่ยังไม่รับรู้) ÷ มาร์จิ้น ลดลงถึง ${f.liquidation} สถานะที่เปิดอยู่ทั้งหมดของบัญชีจะถูกปิดที่การซื้อขายที่ทำให้ถึงระดับนั้น`,
          'เพื่อให้อยู่เหนือระดับนั้น ให้โอนเงินเข้าบัญชีฟิวเจอร์ส ปิดสถานะบางส่วน หรือตั้งราคาตัดขาดทุน ราคาบังคับปิดในแต่ละสถานะแสดงจุดที่จะเกิดขึ้นหากปัจจัยอื่นคงเดิม',
        ),
      },
      options: {
        question: 'ออปชันรายวินาทีชำระผลอย่างไร?',
        answer: p(
          'การซื้อขายแรก ณ หรือหลังเวลาหมดอายุเป็นตัวตัดสิน สูงกว่าราคาเปิด: ฝั่งขึ้นชนะ ต่ำกว่า: ฝั่งลงชนะ เท่ากัน: เสมอ และคืนเงินเดิมพัน',
          `เมื่อชนะ จะได้รับเงินเดิมพันคืนพร้อมอัตราจ่ายของระยะเวลานั้น (${f.payoutLow} ถึง ${f.payoutHigh} ของเงินเดิมพัน) ค่าธรรมเนียมเรียกเก็บเมื่อซื้อ`,
        ),
      },
    },
    pages: {
      aboutus: {
        title: 'เกี่ยวกับ Kestrel',
        content:
          p('Kestrel คือแพลตฟอร์มเทรดที่ออกแบบมาสำหรับมือถือเพื่อการเรียนรู้การเทรด ระบบใช้สมุดคำสั่งจริงสำหรับตลาดคริปโตและหุ้นบนราคาจำลอง การเทรดสปอต ฟิวเจอร์ส และออปชันรายวินาทีจึงทำงานเหมือนแพลตฟอร์มจริง โดยไม่ใช้เงินจริง') +
          h('สิ่งที่คุณทำได้ที่นี่') +
          ul([
            'เทรดสปอตด้วยคำสั่งลิมิตและคำสั่งตลาด',
            `ฟิวเจอร์สเลเวอเรจสูงสุด ${f.maxMultiple} เท่า พร้อมทำกำไรและตัดขาดทุน`,
            `ออปชันรายวินาทีตั้งแต่ ${f.secondsMin} ถึง ${f.secondsMax} วินาที`,
            'ฝาก ถอน โอน และแลกเปลี่ยนในกระเป๋าเงินจำลอง',
          ]) +
          p('การเปลี่ยนแปลงยอดเงินทุกครั้งถูกบันทึกในบัญชีแยกประเภท และค่าธรรมเนียมทั้งหมดเปิดเผยในหมวดข่าวสาร'),
      },
      contactus: {
        title: 'ติดต่อเรา',
        content: p(`อีเมล: ${mail(f.support)}`) + p('โปรดระบุหมายเลขผู้ใช้ (UID) ของคุณ และหากเกี่ยวกับการฝากหรือถอน โปรดระบุรายการที่เกี่ยวข้อง') + p('เราจะไม่ขอรหัสผ่าน รหัสผ่านการชำระเงิน หรือรหัสยืนยันของคุณเด็ดขาด'),
      },
      operational_compliance: {
        title: 'การปฏิบัติตามข้อกำหนดในการดำเนินงาน',
        content:
          h('การเทรดจำลอง') +
          p('Kestrel เป็นระบบจำลอง ราคาและยอดเงินเป็นการจำลอง ไม่มีการซื้อ ขาย ถือครอง หรือจ่ายเงินจริง เหรียญ หรือหลักทรัพย์ใด ๆ และยอดเงินไม่มีมูลค่าเป็นเงินสด') +
          h('ไม่ใช่บริการที่อยู่ภายใต้การกำกับ และไม่ใช่คำแนะนำ') +
          p('เนื่องจากไม่ได้จัดการเงินจริง Kestrel จึงไม่ได้ดำเนินการในฐานะศูนย์ซื้อขาย นายหน้า หรือบริการการลงทุนที่อยู่ภายใต้การกำกับดูแล เนื้อหาที่เผยแพร่ที่นี่ไม่ใช่คำแนะนำการลงทุน') +
          h('การเปิดเผยความเสี่ยง') +
          p(
            'การเทรดสินทรัพย์คริปโต หุ้น และอนุพันธ์ด้วยเงินจริงมีความเสี่ยงสูงที่จะขาดทุน เลเวอเรจขยายทั้งกำไรและขาดทุน ราคาที่ขยับเพียงเล็กน้อยอาจทำให้สถานะฟิวเจอร์สถูกบังคับปิด ออปชันรายวินาทีอาจสูญเสียเงินเดิมพันทั้งหมดภายในไม่กี่วินาที',
            'ผลลัพธ์จากเงินจำลองไม่ได้บ่งบอกผลลัพธ์จากเงินจริง ซึ่งราคา ค่าธรรมเนียม สภาพคล่อง และการตัดสินใจของคุณเองอาจแตกต่างกัน',
          ) +
          h('ข้อมูลของคุณ') +
          p('เราเก็บเฉพาะสิ่งที่บริการต้องใช้: ข้อมูลติดต่อ ข้อมูลยืนยันตัวตนที่คุณส่ง และประวัติการใช้งาน รูปภาพที่อัปโหลดจะถูกเข้ารหัสใหม่ ซึ่งจะลบข้อมูลเมตาที่ฝังอยู่ เช่น ตำแหน่งที่ตั้ง'),
      },
    },
  };
}

function fra(f: ContentFacts): LanguageContent {
  return {
    news: {
      welcome: {
        title: 'Bienvenue sur Kestrel : trading fictif uniquement',
        summary: 'Tous les soldes sont fictifs. Entraînez-vous au spot, aux futures et aux options à la seconde sans risquer d’argent réel.',
        content:
          p(
            'Bienvenue sur Kestrel. Cette plateforme est une plateforme de <strong>trading fictif</strong> : les prix et les soldes sont simulés, et aucun argent réel ni aucune vraie cryptomonnaie ne circule.',
            f.gift && `Votre compte reçoit ${f.gift} USDT d’argent fictif pour commencer.`,
          ) +
          ul([
            'Spot : achetez et vendez face au carnet d’ordres.',
            'Futures : prenez une position longue ou courte avec effet de levier, avec une marge en USDT.',
            'Options à la seconde : anticipez la direction d’un marché sur quelques secondes à quelques minutes.',
          ]) +
          p('N’envoyez jamais de fonds réels aux adresses de dépôt affichées ici. Avant de commencer, les guides de la rubrique actualités et la foire aux questions expliquent les règles.'),
      },
      paper: {
        title: 'Comment fonctionne le trading fictif sur Kestrel',
        summary: 'Des prix simulés, de vrais carnets d’ordres : ce qui est réel ici et ce qui ne l’est pas.',
        content:
          h('Marchés simulés, vrais carnets d’ordres') +
          p(
            'Les prix viennent d’un marché simulé : un teneur de marché cote les deux côtés de chaque carnet d’ordres et des traders simulés négocient contre lui. Chaque prix affiché est une transaction réellement conclue dans ce carnet : vos ordres rencontrent donc les mêmes prix, la même profondeur et les mêmes écarts que ceux des autres.',
          ) +
          h('Vos quatre comptes') +
          p(
            'Vous avez un compte Spot (trading au comptant, dépôts et retraits), un compte Futures, un compte Options et un compte Fiat. Déplacez des fonds entre eux par un transfert, gratuit et immédiat.',
            f.gift && `Chaque nouveau compte reçoit ${f.gift} USDT d’argent fictif sur son compte Spot.`,
          ) +
          h('Tout est enregistré') +
          p(
            'Chaque variation de solde est inscrite dans un registre avec sa raison, et vos relevés les listent une à une. Un dépôt est crédité une fois approuvé ; un retrait reste gelé jusqu’à son envoi ou son refus.',
          ) +
          p(
            '<strong>Aucun argent réel n’est en jeu :</strong> rien de ce qui est gagné ou perdu ici ne peut être versé, et aucune vraie cryptomonnaie ne doit être envoyée aux adresses de dépôt affichées.',
          ),
      },
      futures: {
        title: `Futures : marge, frais de nuit et liquidation à un taux de risque de ${f.liquidation}`,
        summary: 'La marge qu’exige une position, ce qu’elle coûte, et quand un compte est liquidé.',
        content:
          h('La marge') +
          p(
            `La marge d’une position est sa valeur divisée par le multiple choisi : ${f.cryptoMultiples} pour les marchés crypto, ${f.stockMultiples} pour les actions. Une position d’une valeur de ${f.example.value} USDT à ${f.example.multiple}× exige ${f.example.margin} USDT de marge, prélevés sur votre compte Futures. Un ordre porte sur ${f.lotsMin} à ${f.lotsMax} lots.`,
          ) +
          h('Les frais') +
          ul([
            `Frais d’ouverture : ${f.leverFee} de la valeur de la position, prélevés à l’ouverture.`,
            `Frais de nuit : ${f.overnight} de la valeur d’ouverture pour chaque minuit (UTC) passé en position, payés à la clôture.`,
          ]) +
          h('Taux de risque et liquidation') +
          p(
            'Le taux de risque de votre compte Futures est (solde disponible + marges + gain ou perte latent) ÷ marges. Il baisse quand vos positions perdent.',
            `Lorsqu’il atteint <strong>${f.liquidation}</strong>, toutes les positions ouvertes du compte sont clôturées à la transaction qui l’a atteint. Le prix de liquidation affiché sur chaque position est celui où cela se produirait si tout le reste restait inchangé.`,
            'Les prix de prise de bénéfices et de stop-loss clôturent une position lorsqu’une transaction les atteint. Un ordre à cours limité garde sa marge et ses frais gelés jusqu’à ce qu’une transaction atteigne son prix. Si le prix saute au-delà de la liquidation, le compte ne passe jamais sous zéro : la plateforme absorbe la différence.',
          ),
      },
      options: {
        title: 'Options à la seconde : la première transaction à l’échéance ou après décide',
        summary: 'Hausse ou baisse en quelques secondes : comment une option s’ouvre, se décide et ce qu’elle rapporte.',
        content:
          p(
            'Une option à la seconde est un pari sur la direction d’un marché : choisissez hausse ou baisse, une durée et un montant en USDT de votre compte Options. Elle s’ouvre au dernier prix échangé sur le marché lorsque votre ordre est accepté.',
          ) +
          h('Comment elle est décidée') +
          p(
            'À l’échéance, la <strong>première transaction à l’échéance ou après</strong> décide. Au-dessus du prix d’ouverture : la hausse gagne. En dessous : la baisse gagne. Exactement au prix d’ouverture : égalité, et la mise est rendue. La transaction d’ouverture et celle qui décide sont toutes deux enregistrées sur l’option.',
          ) +
          h('Durées et gains') +
          ul(f.options.map((o) => `${o.seconds} secondes : un gain rend la mise plus ${o.payout} de celle-ci ; frais de ${o.fee} de la mise ; mise de ${o.min} à ${o.max} USDT.`)) +
          p(`Les frais sont prélevés à l’achat et ne sont pas rendus. Au plus ${f.optionMaxOpen} options peuvent être ouvertes en même temps.`),
      },
      fees: {
        title: 'Grille des frais',
        summary: `Spot ${f.spotFee} ; futures ${f.leverFee} à l’ouverture plus ${f.overnight} par nuit ; options ${f.optionFees} ; conversion ${f.convertFee}.`,
        content:
          ul([
            `<strong>Spot :</strong> ${f.spotFee} de ce que vous recevez (la cryptomonnaie achetée, ou les USDT d’une vente), pour les makers comme pour les takers. Un ordre doit valoir au moins ${f.spotMin} de la devise de cotation.`,
            `<strong>Futures :</strong> ${f.leverFee} de la valeur de la position à l’ouverture, plus ${f.overnight} de sa valeur d’ouverture pour chaque minuit (UTC) passé en position, payés à la clôture.`,
            `<strong>Options à la seconde :</strong> ${f.optionFees} de la mise, prélevés à l’achat.`,
            `<strong>Conversion :</strong> ${f.convertFee} de ce que vous recevez ; un coupon de frais en annule une partie.`,
            'Les <strong>transferts</strong> entre vos propres comptes et les <strong>dépôts</strong> sont gratuits.',
            `<strong>Retraits :</strong> des frais fixes par réseau : ${f.networks.map((n) => `${n.label} ${n.fee} ${n.coin}, minimum ${n.min}`).join(' ; ')}.`,
          ]) +
          p(
            `Si vous vous êtes inscrit avec un code de parrainage, ${f.rebate} de chaque frais de trading que vous payez revient à votre parrain. Cette part vient de la plateforme et ne change rien à ce que vous payez.`,
          ),
      },
    },
    banners: {
      paper: { title: 'Trading fictif, vrais carnets d’ordres', summary: 'Entraînez-vous avec de l’argent fictif sur des marchés où l’on négocie vraiment.' },
      futures: { title: `Futures jusqu’à ${f.maxMultiple}×`, summary: `Connaissez votre marge et le seuil de liquidation de ${f.liquidation} avant de trader.` },
      fees: { title: 'Des frais publiés', summary: `Spot ${f.spotFee}, futures ${f.leverFee} à l’ouverture plus ${f.overnight} par nuit.` },
    },
    faq: {
      deposit: {
        question: 'Comment fonctionnent les dépôts ?',
        answer:
          p(
            'Dans Actifs, choisissez Dépôt, puis la cryptomonnaie et le réseau, et envoyez à l’adresse affichée. Déclarez ensuite le montant avec une capture d’écran du paiement (le justificatif de paiement).',
            'Un opérateur vérifie la déclaration et crédite votre compte Spot ; d’ici là, elle apparaît comme en attente dans votre historique de dépôts.',
            f.autoDeposit && 'Dans cette configuration de démonstration, les déclarations sont approuvées immédiatement.',
          ) + p('Cette plateforme est une plateforme de trading fictif : n’envoyez pas de vraies cryptomonnaies.'),
      },
      withdraw: {
        question: 'Que faut-il pour effectuer un retrait ?',
        answer:
          ul([
            'Une vérification d’identité de niveau 1 ou plus.',
            'Un mot de passe de paiement (6 chiffres), défini dans les paramètres de sécurité ; il confirme chaque retrait.',
            'Un montant au moins égal au minimum du réseau ; les frais du réseau sont indiqués sur le formulaire.',
          ]) +
          p(
            `Sur 24 heures, vous pouvez retirer jusqu’à l’équivalent de ${f.withdraw1} BTC au niveau 1 et de ${f.withdraw2} BTC au niveau 2. Le montant est gelé jusqu’à ce qu’un opérateur l’envoie ou le refuse ; un retrait refusé revient sur votre solde disponible.`,
          ),
      },
      levels: {
        question: 'Quels sont les niveaux de vérification ?',
        answer: p(
          '<strong>Niveau 1 :</strong> le type de document, votre nom et le numéro du document. <strong>Niveau 2</strong> (après le niveau 1) : des photos du recto et du verso du document.',
          `Un opérateur examine chaque demande, qui n’est acceptée que si votre compte a à la fois une adresse e-mail et un numéro de mobile associés. Le niveau 1 permet des retraits équivalant à ${f.withdraw1} BTC par 24 heures, le niveau 2 à ${f.withdraw2} BTC.`,
        ),
      },
      invite: {
        question: 'Comment fonctionnent les codes de parrainage et les remises ?',
        answer: p(
          `Chaque compte a son propre code et son lien de parrainage. Quand quelqu’un s’inscrit avec votre code, ${f.rebate} de chaque frais de trading qu’il paie (frais spot, frais d’ouverture des futures et frais d’options) est versé sur votre compte Spot. Cette part vient de la plateforme, pas de sa poche.`,
          'L’écran de parrainage liste les personnes inscrites avec votre code (coordonnées en partie masquées) et chaque remise.',
        ),
      },
      liquidation: {
        question: 'Quand une position sur futures est-elle liquidée ?',
        answer: p(
          `Lorsque le taux de risque de votre compte Futures, (solde disponible + marges + gain ou perte latent) ÷ marges, tombe à ${f.liquidation}, toutes ses positions ouvertes sont clôturées à la transaction qui l’a atteint.`,
          'Pour rester au-dessus, transférez des fonds vers le compte Futures, clôturez des positions ou fixez des prix de stop-loss. Le prix de liquidation de chaque position indique où cela se produirait si tout le reste restait inchangé.',
        ),
      },
      options: {
        question: 'Comment une option à la seconde est-elle réglée ?',
        answer: p(
          'La première transaction à l’échéance ou après la décide. Plus haut que le prix d’ouverture : la hausse gagne ; plus bas : la baisse gagne ; égal : égalité, et la mise est rendue.',
          `Un gain rend la mise plus le gain de la durée choisie (${f.payoutLow} à ${f.payoutHigh} de la mise). Les frais sont prélevés à l’achat.`,
        ),
      },
    },
    pages: {
      aboutus: {
        title: 'À propos de Kestrel',
        content:
          p(
            'Kestrel est une plateforme d’échange pensée pour le mobile, faite pour apprendre à trader. Elle fait fonctionner de vrais carnets d’ordres pour des marchés crypto et actions sur des prix simulés : le spot, les futures et les options à la seconde s’y comportent comme sur une vraie plateforme, sans argent réel.',
          ) +
          h('Ce que vous pouvez faire ici') +
          ul([
            'Du trading spot avec des ordres à cours limité et au marché.',
            `Des futures avec un effet de levier jusqu’à ${f.maxMultiple}×, prise de bénéfices et stop-loss.`,
            `Des options à la seconde de ${f.secondsMin} à ${f.secondsMax} secondes.`,
            'Dépôts, retraits, transferts et conversions dans un portefeuille fictif.',
          ]) +
          p('Chaque variation de solde est inscrite dans un registre, et tous les frais sont publiés dans la rubrique actualités.'),
      },
      contactus: {
        title: 'Nous contacter',
        content:
          p(`E-mail : ${mail(f.support)}`) +
          p('Indiquez votre numéro d’utilisateur (UID) et, pour un dépôt ou un retrait, l’opération concernée.') +
          p('Nous ne vous demanderons jamais votre mot de passe, votre mot de passe de paiement ni un code de vérification.'),
      },
      operational_compliance: {
        title: 'Conformité opérationnelle',
        content:
          h('Trading fictif') +
          p(
            'Kestrel est une simulation. Les prix et les soldes sont simulés : aucun argent réel, aucune cryptomonnaie ni aucun titre n’est acheté, vendu, détenu ou versé, et les soldes n’ont aucune valeur monétaire.',
          ) +
          h('Aucun service réglementé, aucun conseil') +
          p(
            'Comme elle ne traite aucun argent réel, Kestrel n’opère pas en tant que plateforme d’échange, courtier ou service d’investissement réglementé. Rien de ce qui est publié ici ne constitue un conseil en investissement.',
          ) +
          h('Avertissement sur les risques') +
          p(
            'Le trading réel de crypto-actifs, d’actions et de produits dérivés comporte un risque élevé de perte. L’effet de levier multiplie les gains comme les pertes : un faible mouvement de prix peut liquider une position sur futures. Une option à la seconde peut perdre toute sa mise en quelques secondes.',
            'Les résultats obtenus avec de l’argent fictif ne préjugent pas des résultats avec de l’argent réel, où les prix, les frais, la liquidité et vos propres décisions peuvent différer.',
          ) +
          h('Vos données') +
          p(
            'Nous conservons ce dont le service a besoin : vos coordonnées, les informations d’identité que vous soumettez pour la vérification et votre activité. Les images envoyées sont réencodées, ce qui supprime les métadonnées intégrées comme la localisation.',
          ),
      },
    },
  };
}

function spa(f: ContentFacts): LanguageContent {
  return {
    news: {
      welcome: {
        title: 'Bienvenido a Kestrel: solo trading simulado',
        summary: 'Todos los saldos son simulados. Practica spot, futuros y opciones por segundos sin arriesgar dinero real.',
        content:
          p(
            'Bienvenido a Kestrel. Esta plataforma es de <strong>trading simulado</strong>: los precios y los saldos son simulados, y nunca se mueve dinero real ni monedas reales.',
            f.gift && `Tu cuenta recibe ${f.gift} USDT de dinero simulado para empezar.`,
          ) +
          ul([
            'Spot: compra y vende contra el libro de órdenes.',
            'Futuros: abre posiciones largas o cortas con apalancamiento, con margen en USDT.',
            'Opciones por segundos: anticipa la dirección de un mercado en segundos o minutos.',
          ]) +
          p('Nunca envíes fondos reales a las direcciones de depósito que se muestran aquí. Antes de empezar, las guías de la sección de noticias y las preguntas frecuentes explican las reglas.'),
      },
      paper: {
        title: 'Cómo funciona el trading simulado en Kestrel',
        summary: 'Precios simulados, libros de órdenes reales: qué es real aquí y qué no.',
        content:
          h('Mercados simulados, libros de órdenes reales') +
          p(
            'Los precios vienen de un mercado simulado: un creador de mercado cotiza ambos lados de cada libro de órdenes y operadores simulados negocian contra él. Cada precio que ves es una operación que ocurrió en ese libro, así que tus órdenes encuentran los mismos precios, la misma profundidad y los mismos diferenciales que las de los demás.',
          ) +
          h('Tus cuatro cuentas') +
          p(
            'Tienes una cuenta Spot (operaciones al contado, depósitos y retiros), una cuenta de Futuros, una cuenta de Opciones y una cuenta Fiat. Mueve fondos entre ellas con una transferencia, gratuita e inmediata.',
            f.gift && `Cada cuenta nueva recibe ${f.gift} USDT de dinero simulado en su cuenta Spot.`,
          ) +
          h('Todo queda registrado') +
          p(
            'Cada cambio de saldo se anota en un libro mayor con su motivo, y tus movimientos los muestran uno a uno. Un depósito se acredita cuando se aprueba; un retiro queda congelado hasta que se envía o se rechaza.',
          ) +
          p('<strong>No hay dinero real de por medio:</strong> nada de lo que se gane o pierda aquí puede pagarse, y nunca deben enviarse monedas reales a las direcciones de depósito mostradas.'),
      },
      futures: {
        title: `Futuros: margen, comisión nocturna y liquidación con una tasa de riesgo del ${f.liquidation}`,
        summary: 'Cuánto margen necesita una posición, cuánto cuesta y cuándo se liquida una cuenta.',
        content:
          h('Margen') +
          p(
            `El margen de una posición es su valor dividido por el multiplicador que elijas: ${f.cryptoMultiples} en los mercados cripto y ${f.stockMultiples} en acciones. Una posición con un valor de ${f.example.value} USDT a ${f.example.multiple}× necesita ${f.example.margin} USDT de margen, tomados de tu cuenta de Futuros. Cada orden es de ${f.lotsMin} a ${f.lotsMax} lotes.`,
          ) +
          h('Comisiones') +
          ul([
            `Comisión de apertura: ${f.leverFee} del valor de la posición, cobrada al abrirla.`,
            `Comisión nocturna: ${f.overnight} del valor de apertura por cada medianoche (UTC) que se mantiene la posición, pagada al cerrarla.`,
          ]) +
          h('Tasa de riesgo y liquidación') +
          p(
            'La tasa de riesgo de tu cuenta de Futuros es (saldo disponible + márgenes + ganancia o pérdida no realizada) ÷ márgenes. Baja cuando tus posiciones pierden.',
            `Cuando llega al <strong>${f.liquidation}</strong>, todas las posiciones abiertas de la cuenta se cierran en la operación que lo alcanzó. El precio de liquidación que muestra cada posición es donde ocurriría si todo lo demás siguiera igual.`,
            'Los precios de toma de ganancias y de stop-loss cierran una posición cuando una operación los alcanza. Una orden límite mantiene su margen y su comisión congelados hasta que una operación alcanza su precio. Si el precio salta más allá de la liquidación, la cuenta nunca queda por debajo de cero: la plataforma absorbe la diferencia.',
          ),
      },
      options: {
        title: 'Opciones por segundos: decide la primera operación al vencimiento o después',
        summary: 'Sube o baja en pocos segundos: cómo se abre una opción, cómo se decide y cuánto paga.',
        content:
          p(
            'Una opción por segundos es una apuesta sobre la dirección de un mercado: elige sube o baja, una duración y un importe en USDT de tu cuenta de Opciones. Se abre al último precio negociado del mercado cuando se acepta tu orden.',
          ) +
          h('Cómo se decide') +
          p(
            'Al terminar el tiempo, decide la <strong>primera operación al vencimiento o después</strong>. Por encima del precio de apertura: gana sube. Por debajo: gana baja. Exactamente al precio de apertura: empate, y se devuelve el importe. Tanto la operación de apertura como la que decide quedan registradas en la opción.',
          ) +
          h('Duraciones y pagos') +
          ul(f.options.map((o) => `${o.seconds} segundos: si ganas recibes el importe más un ${o.payout} de él; comisión del ${o.fee} del importe; importe de ${o.min} a ${o.max} USDT.`)) +
          p(`La comisión se cobra al comprar y no se devuelve. Puedes tener como máximo ${f.optionMaxOpen} opciones abiertas a la vez.`),
      },
      fees: {
        title: 'Tabla de comisiones',
        summary: `Spot ${f.spotFee}; futuros ${f.leverFee} al abrir más ${f.overnight} por noche; opciones ${f.optionFees}; conversión ${f.convertFee}.`,
        content:
          ul([
            `<strong>Spot:</strong> ${f.spotFee} de lo que recibes (la moneda que compras, o los USDT de una venta), igual para makers y takers. Una orden debe valer al menos ${f.spotMin} de la moneda de cotización.`,
            `<strong>Futuros:</strong> ${f.leverFee} del valor de la posición al abrirla, más ${f.overnight} de su valor de apertura por cada medianoche (UTC) que se mantiene, pagado al cerrar.`,
            `<strong>Opciones por segundos:</strong> ${f.optionFees} del importe, cobrado al comprar.`,
            `<strong>Conversión:</strong> ${f.convertFee} de lo que recibes; un cupón de comisión descuenta una parte.`,
            'Las <strong>transferencias</strong> entre tus propias cuentas y los <strong>depósitos</strong> son gratuitos.',
            `<strong>Retiros:</strong> una comisión fija por red: ${f.networks.map((n) => `${n.label} ${n.fee} ${n.coin}, mínimo ${n.min}`).join('; ')}.`,
          ]) +
          p(
            `Si te registraste con un código de invitación, el ${f.rebate} de cada comisión de trading que pagas va a la persona que te invitó. Sale de la parte de la plataforma y no cambia lo que pagas.`,
          ),
      },
    },
    banners: {
      paper: { title: 'Trading simulado, libros de órdenes reales', summary: 'Practica con dinero simulado en mercados donde se negocia de verdad.' },
      futures: { title: `Futuros hasta ${f.maxMultiple}×`, summary: `Conoce tu margen y la línea de liquidación del ${f.liquidation} antes de operar.` },
      fees: { title: 'Comisiones publicadas', summary: `Spot ${f.spotFee}, futuros ${f.leverFee} al abrir más ${f.overnight} por noche.` },
    },
    faq: {
      deposit: {
        question: '¿Cómo funcionan los depósitos?',
        answer:
          p(
            'En Activos, elige Depositar, luego la moneda y la red, y envía a la dirección que se muestra. Después informa el importe con una captura de pantalla del pago (el comprobante de pago).',
            'Un operador revisa el informe y acredita tu cuenta Spot; hasta entonces aparece como pendiente en tu historial de depósitos.',
            f.autoDeposit && 'En esta configuración de demostración los informes se aprueban al instante.',
          ) + p('Esta es una plataforma de trading simulado: no envíes monedas reales.'),
      },
      withdraw: {
        question: '¿Qué necesito para retirar?',
        answer:
          ul([
            'Verificación de identidad de nivel 1 o superior.',
            'Una contraseña de pago (6 dígitos), que se define en los ajustes de seguridad; confirma cada retiro.',
            'Un importe igual o superior al mínimo de la red; la comisión de la red se muestra en el formulario.',
          ]) +
          p(
            `En 24 horas puedes retirar hasta el equivalente a ${f.withdraw1} BTC en el nivel 1 y a ${f.withdraw2} BTC en el nivel 2. El importe queda congelado hasta que un operador lo envía o lo rechaza; un retiro rechazado vuelve a tu saldo disponible.`,
          ),
      },
      levels: {
        question: '¿Cuáles son los niveles de verificación?',
        answer: p(
          '<strong>Nivel 1:</strong> el tipo de documento, tu nombre y el número del documento. <strong>Nivel 2</strong> (después del nivel 1): fotos del anverso y del reverso del documento.',
          `Un operador revisa cada solicitud, que solo se aprueba si tu cuenta tiene vinculados tanto un correo electrónico como un número de móvil. El nivel 1 permite retirar el equivalente a ${f.withdraw1} BTC cada 24 horas; el nivel 2, a ${f.withdraw2} BTC.`,
        ),
      },
      invite: {
        question: '¿Cómo funcionan los códigos de invitación y los reembolsos?',
        answer: p(
          `Cada cuenta tiene su propio código y enlace de invitación. Cuando alguien se registra con tu código, el ${f.rebate} de cada comisión de trading que paga (comisiones spot, comisiones de apertura de futuros y comisiones de opciones) se abona en tu cuenta Spot. Sale de la parte de la plataforma, no de su bolsillo.`,
          'La pantalla de invitaciones muestra quién se registró con tu código (con sus datos de contacto parcialmente ocultos) y cada reembolso.',
        ),
      },
      liquidation: {
        question: '¿Cuándo se liquida una posición de futuros?',
        answer: p(
          `Cuando la tasa de riesgo de tu cuenta de Futuros, (saldo disponible + márgenes + ganancia o pérdida no realizada) ÷ márgenes, baja al ${f.liquidation}, todas sus posiciones abiertas se cierran en la operación que lo alcanzó.`,
          'Para mantenerte por encima, transfiere fondos a la cuenta de Futuros, cierra posiciones o fija precios de stop-loss. El precio de liquidación de cada posición indica dónde ocurriría si todo lo demás siguiera igual.',
        ),
      },
      options: {
        question: '¿Cómo se liquida una opción por segundos?',
        answer: p(
          'La decide la primera operación al vencimiento o después. Más alta que el precio de apertura: gana sube; más baja: gana baja; igual: empate, y se devuelve el importe.',
          `Si ganas, recibes el importe más el pago de la duración elegida (del ${f.payoutLow} al ${f.payoutHigh} del importe). La comisión se cobra al comprar.`,
        ),
      },
    },
    pages: {
      aboutus: {
        title: 'Acerca de Kestrel',
        content:
          p(
            'Kestrel es una plataforma de intercambio pensada para el móvil y hecha para aprender a operar. Mantiene libros de órdenes reales para mercados cripto y de acciones sobre precios simulados, de modo que el spot, los futuros y las opciones por segundos se comportan como en una plataforma real, sin dinero real.',
          ) +
          h('Qué puedes hacer aquí') +
          ul([
            'Operaciones spot con órdenes límite y de mercado.',
            `Futuros con apalancamiento de hasta ${f.maxMultiple}×, toma de ganancias y stop-loss.`,
            `Opciones por segundos de ${f.secondsMin} a ${f.secondsMax} segundos.`,
            'Depósitos, retiros, transferencias y conversiones en una cartera simulada.',
          ]) +
          p('Cada cambio de saldo queda registrado en un libro mayor, y todas las comisiones se publican en la sección de noticias.'),
      },
      contactus: {
        title: 'Contacto',
        content:
          p(`Correo electrónico: ${mail(f.support)}`) +
          p('Incluye tu número de usuario (UID) y, si se trata de un depósito o un retiro, el registro correspondiente.') +
          p('Nunca te pediremos tu contraseña, tu contraseña de pago ni un código de verificación.'),
      },
      operational_compliance: {
        title: 'Cumplimiento operativo',
        content:
          h('Trading simulado') +
          p('Kestrel es una simulación. Los precios y los saldos son simulados: no se compra, vende, custodia ni paga dinero real, monedas ni valores, y los saldos no tienen valor monetario.') +
          h('Sin servicio regulado, sin asesoramiento') +
          p('Como no maneja dinero real, Kestrel no opera como plataforma de intercambio, bróker ni servicio de inversión regulado. Nada de lo publicado aquí es asesoramiento de inversión.') +
          h('Advertencia de riesgos') +
          p(
            'Operar con criptoactivos, acciones y derivados reales conlleva un alto riesgo de pérdida. El apalancamiento multiplica las ganancias y las pérdidas: un pequeño movimiento de precio puede liquidar una posición de futuros. Una opción por segundos puede perder todo su importe en segundos.',
            'Los resultados con dinero simulado no predicen los resultados con dinero real, donde los precios, las comisiones, la liquidez y tus propias decisiones pueden ser distintos.',
          ) +
          h('Tus datos') +
          p(
            'Guardamos lo que el servicio necesita: tus datos de contacto, los datos de identidad que envías para la verificación y tu actividad. Las imágenes subidas se vuelven a codificar, lo que elimina los metadatos incrustados, como la ubicación.',
          ),
      },
    },
  };
}

/** The seed content of each language, given the facts formatted for it. */
export const SEED_CONTENT: Record<Language, (facts: ContentFacts) => LanguageContent> = { en, zh, hk, th, jp, kor, fra, spa };
