/**
 * npm run operator -- <command>   (npm run operator -- help)
 * The operator's command line. It talks to the server running on this machine with the
 * local operator's token from DATA_DIR/operator.token (DATA_DIR defaults to ./data).
 */
import fs from 'node:fs';
import path from 'node:path';

const HELP = `Kestrel operator commands (DATA_DIR=${process.env['DATA_DIR'] ?? 'data'}):
  pending [--json]                        what waits for review
  approve-recharge <id>                   credit a recharge
  reject-recharge <id> <reason...>        refuse a recharge
  approve-withdrawal <id> [txid]          mark a withdrawal sent
  reject-withdrawal <id> <reason...>      refuse a withdrawal; the amount returns
  approve-identity <id>                   pass an identity submission
  reject-identity <id> <reason...>        refuse an identity submission
  approve-trader <user id>                approve a copy-trading trader application
  dual-offer <SYMBOL> <call|put> <unit price> <apr> <linked price> <days> <open hours> <shares>
                                          offer a dual product (call: sell high, put: buy low;
                                          apr as a fraction, 0.365 is 36.5 %); prints its id
  dual-close <id>                         withdraw a dual product still open for purchase: every
                                          order refunded
  approve-nft <sale id>                   put an NFT resale on sale
  reject-nft <sale id> <reason...>        refuse an NFT resale; the item is free to list again
  otc-release <order id> <reason...>      decide an appealed OTC order for the buyer
  otc-return <order id> <reason...>       decide an appealed OTC order for the seller
  chat-remove <message id>                remove a chat message
  chat-mute <uid> <minutes> <reason...>   mute a user in the chat (0 lifts it)
  users [text] [--frozen]                 find users by UID, mobile, e-mail or nickname
                                          (every user, newest first, without a text)
  freeze <uid> <reason...>                freeze an account: every session ends, logins and
                                          password resets are refused; its money, orders and
                                          positions stay and follow the market
  unfreeze <uid> <reason...>              unfreeze an account: the user can log in again
  end-sessions <uid>                      end every session of a user (logins still work)
  ieo-create <file.json>                  offer an IEO project: {"name", "token", "token_name",
                                          "token_precision", "issue_price", "total_issuance",
                                          "max_per_user", "lock_days", "start", "end", "list",
                                          "white_paper", "website", "intro"}; start, end and list
                                          are ISO times or hours from now; paid in USDT; prints its id
  reject-trader <user id> <reason...>     refuse a trader application
  adjust <uid> <currency> <amount> [--account legal|change|lever|micro] <reason...>
                                          adjust a balance (negative amounts debit)
  set-rate <CODE> <rate>                  set a fiat rate (units per US dollar)
  operators                               the operator accounts
  operator-add <name>                     add an operator; prints its token once
  operator-remove <name>                  remove an operator: its token stops working
  file </uploads/name.png> [out]          save an identity photo or payment voucher
                                          (not public: only the operator API serves them)

Content (rich text is sanitised by the server; options override the file; --lang defaults to en):
  news-add <news|banner> <file> [--lang L] [--title T] [--summary S] [--cover /uploads/x.png]
           [--sort N] [--pop]             add an article or a banner
  news-edit <id> <file> [same options] [--no-pop]
                                          change an article: the languages in the file
  news-delete <id>                        remove an article or a banner
  news-list [news|banner] [--lang L]      what readers see
  faq-add <file> [--lang L] [--question Q] [--sort N]
                                          add a question
  faq-edit <id> <file> [--lang L] [--question Q] [--sort N]
                                          change a question: the languages in the file
  faq-delete <id>                         remove a question
  faq-list [--lang L]                     the questions as readers see them
  page-save <aboutus|contactus|operational_compliance> <file> [--lang L] [--title T]
                                          write a page in one language (or those in the file)
  service-link <https://...|mailto:...|none>
                                          set or clear the customer service link
  A <file> is HTML (the content; its first <h1> is the title unless --title is given) or
  JSON: one text {"title", "summary", "content", "cover", "sort", "pop"} (a question:
  {"question", "answer", "sort"}), or one text per language: {"en": {...}, "zh": {...}}.
  Languages: en zh hk th jp kor fra spa.

  help                                    this list`;

const dataDir = path.resolve(process.env['DATA_DIR'] ?? 'data');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** `json`: send the fields as a JSON body (articles: no URL-encoding of every non-ASCII character). */
/** The running server's port and the operator token, from DATA_DIR. */
function server(): { port: number; token: string } {
  const runFile = path.join(dataDir, 'server.json');
  if (!fs.existsSync(runFile)) fail(`No server is running with DATA_DIR=${dataDir} (no ${runFile}). Start it with npm start.`);
  const { port } = JSON.parse(fs.readFileSync(runFile, 'utf8')) as { port: number };
  return { port, token: fs.readFileSync(path.join(dataDir, 'operator.token'), 'utf8').trim() };
}

async function call(pathName: string, method: 'GET' | 'POST', fields: Record<string, string> = {}, json?: Record<string, string | number | boolean>): Promise<unknown> {
  const { port, token } = server();
  const body = new URLSearchParams(fields);
  const url = `http://127.0.0.1:${port}/api${pathName}${method === 'GET' ? `?${body.toString()}` : ''}`;
  const response = await fetch(url, {
    method,
    headers: { 'X-Operator-Token': token, ...(method === 'POST' ? { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' } : {}) },
    ...(method === 'POST' ? { body: json ? JSON.stringify(json) : body } : {}),
  });
  const answer = (await response.json()) as { type: string; message: unknown };
  if (answer.type !== 'ok') fail(String(answer.message));
  return answer.message;
}

const LANGUAGES = ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa'];
type Value = string | number | boolean;
type Text = Record<string, Value>;

/** Splits `--name value` options and `--flag` switches from the positional arguments. */
function options(list: string[], withValue: readonly string[], switches: readonly string[]) {
  const positional: string[] = [];
  const values: Record<string, string> = {};
  const on = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const arg = list[i] ?? '';
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    if (name !== null && withValue.includes(name)) {
      const value = list[++i];
      if (value === undefined) fail(`--${name} needs a value`);
      values[name] = value;
    } else if (name !== null && switches.includes(name)) on.add(name);
    else if (name !== null) fail(`Unknown option --${name}.`);
    else positional.push(arg);
  }
  const lang = values['lang'] ?? 'en';
  if (!LANGUAGES.includes(lang)) fail(`--lang must be one of ${LANGUAGES.join(' ')}`);
  return { positional, values, on, lang };
}

/**
 * The texts of a content file, by language: HTML is one text in `lang` (its first <h1> the
 * title); JSON is one text, or one per language.
 */
function readTexts(file: string | undefined, lang: string, body: 'content' | 'answer', heading: 'title' | 'question'): Map<string, Text> {
  if (!file) fail('a file is needed (HTML or JSON; see help)');
  if (!fs.existsSync(file)) fail(`No file ${file}.`);
  const text = fs.readFileSync(file, 'utf8');
  if (/\.json$/i.test(file)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      fail(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) fail(`${file} must hold an object`);
    const entries = Object.entries(parsed as Record<string, unknown>);
    const perLanguage = entries.length > 0 && entries.every(([key]) => LANGUAGES.includes(key));
    const texts = new Map<string, Text>();
    for (const [language, value] of perLanguage ? entries : [[lang, parsed] as const]) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(`${file}: the text for ${language} must be an object`);
      const fields: Text = {};
      for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
        if (typeof field === 'string' || typeof field === 'number' || typeof field === 'boolean') fields[key] = field;
      }
      texts.set(language, fields);
    }
    return texts;
  }
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(text);
  const fields: Text = { [body]: h1 ? text.replace(h1[0], '') : text };
  if (h1?.[1]) fields[heading] = h1[1].replace(/<[^>]*>/g, '').trim();
  return new Map([[lang, fields]]);
}

/** Sends each language's text in turn; the first creates the record when there is no id yet. */
async function saveTexts(pathName: string, texts: Map<string, Text>, common: Text, overrides: Text, id: number | undefined, heading: 'title' | 'question'): Promise<number> {
  let current = id;
  for (const [lang, text] of texts) {
    const fields: Text = { ...common, ...text, ...overrides, lang, ...(current === undefined ? {} : { id: current }) };
    if (fields[heading] === undefined) fail(`No ${heading} for ${lang}: give --${heading} or put it in the file.`);
    const answer = await call(pathName, 'POST', {}, fields);
    if (typeof answer === 'object' && answer !== null && 'id' in answer) current = Number((answer as { id: number }).id);
    console.log(`${lang}: saved${current === undefined ? '' : ` (id ${current})`}`);
  }
  return current ?? 0;
}

/**
 * --sort: a whole number from 0 to 10000, as the server takes it. Checked here: Number()
 * of anything else is NaN, which JSON sends as null and the server would silently ignore.
 */
function sortOption(value: string): number {
  if (!/^[0-9]{1,5}$/.test(value) || Number(value) > 10_000) fail(`--sort must be a whole number from 0 to 10000, got "${value}".`);
  return Number(value);
}

const CATEGORIES: Record<string, number> = { news: 4, banner: 5, banners: 5 };

const [command, ...args] = process.argv.slice(2);
const id = (value: string | undefined) => (value && /^\d+$/.test(value) ? value : fail('an id is needed (see: npm run operator -- pending)'));
const reason = (words: string[]) => (words.length > 0 ? words.join(' ') : fail('a reason is needed'));

switch (command) {
  case undefined:
  case 'help':
    console.log(HELP);
    break;
  case 'pending': {
    const pending = (await call('/operator/pending', 'GET')) as Record<string, Record<string, unknown>[]>;
    if (args.includes('--json')) {
      console.log(JSON.stringify(pending));
      break;
    }
    for (const [kind, rows] of Object.entries(pending)) {
      console.log(`${kind} (${rows.length})`);
      if (rows.length > 0)
        console.table(
          rows.map((row) => ({
            ...row,
            ...(row['created_at'] !== undefined ? { created_at: new Date(Number(row['created_at'])).toISOString() } : {}),
            ...(row['applied_at'] !== undefined ? { applied_at: new Date(Number(row['applied_at'])).toISOString() } : {}),
          })),
        );
    }
    break;
  }
  case 'otc-release':
  case 'otc-return':
    console.log(await call('/operator/otc/decide', 'POST', { id: id(args[0]), decision: command === 'otc-release' ? 'release' : 'return', reason: reason(args.slice(1)) }));
    break;
  case 'chat-remove':
    console.log(await call('/operator/chat/remove', 'POST', { id: id(args[0]) }));
    break;
  case 'chat-mute':
    console.log(await call('/operator/chat/mute', 'POST', { uid: id(args[0]), minutes: args[1] ?? '', reason: reason(args.slice(2)) }));
    break;
  case 'users': {
    const { positional, on } = options(args, [], ['frozen']);
    const found = (await call('/operator/users', 'GET', { ...(positional.length > 0 ? { query: positional.join(' ') } : {}), frozen: on.has('frozen') ? '1' : '0', limit: '50' })) as {
      data: Record<string, unknown>[];
      more: boolean;
    };
    console.table(
      found.data.map((row) => ({
        ...row,
        created_at: new Date(Number(row['created_at'])).toISOString(),
        frozen_at: row['frozen_at'] === null ? '' : new Date(Number(row['frozen_at'])).toISOString(),
      })),
    );
    if (found.more) console.log('More users match: narrow the search.');
    break;
  }
  case 'freeze':
  case 'unfreeze':
    console.log(await call(`/operator/user/${command}`, 'POST', { uid: id(args[0]), reason: reason(args.slice(1)) }));
    break;
  case 'end-sessions':
    console.log(await call('/operator/user/sessions/revoke', 'POST', { uid: id(args[0]) }));
    break;
  case 'approve-nft':
    console.log(await call('/operator/nft/review', 'POST', { id: id(args[0]), approve: '1' }));
    break;
  case 'reject-nft':
    console.log(await call('/operator/nft/review', 'POST', { id: id(args[0]), approve: '0', reason: reason(args.slice(1)) }));
    break;
  case 'approve-recharge':
    console.log(await call('/operator/recharge/approve', 'POST', { id: id(args[0]) }));
    break;
  case 'reject-recharge':
    console.log(await call('/operator/recharge/reject', 'POST', { id: id(args[0]), reason: reason(args.slice(1)) }));
    break;
  case 'approve-withdrawal':
    console.log(await call('/operator/withdrawal/approve', 'POST', { id: id(args[0]), ...(args[1] ? { txid: args[1] } : {}) }));
    break;
  case 'reject-withdrawal':
    console.log(await call('/operator/withdrawal/reject', 'POST', { id: id(args[0]), reason: reason(args.slice(1)) }));
    break;
  case 'dual-offer': {
    const [symbol, type, unit, apr, linked, days, hours, shares] = args;
    if (!symbol || !type || !unit || !apr || !linked || !days || !hours || !shares) throw new Error('dual-offer <SYMBOL> <call|put> <unit price> <apr> <linked price> <days> <open hours> <shares>');
    const quotes = (await call('/currency/quotation_new', 'GET')) as { groups: { markets: { id: number; symbol: string }[] }[] };
    const market = quotes.groups.flatMap((group) => group.markets).find((row) => row.symbol.replace('/', '').toUpperCase() === symbol.replace('/', '').toUpperCase());
    if (!market) throw new Error(`no market ${symbol}`);
    console.log(
      await call('/operator/dual/create', 'POST', {
        market_id: String(market.id),
        type,
        unit_price: unit,
        apr,
        linked_price: linked,
        days,
        subscribe_until: String(Date.now() + Number(hours) * 3_600_000),
        total_shares: shares,
      }),
    );
    break;
  }
  case 'ieo-create': {
    const file = args[0];
    if (!file) throw new Error('ieo-create <file.json>');
    const spec = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    const text = (key: string) => {
      const value = spec[key];
      if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`${file}: "${key}" is missing`);
      return String(value);
    };
    // A time is an ISO date or a number of hours from now.
    const time = (key: string) => {
      const value = text(key);
      const at = /^-?[0-9.]+$/.test(value) ? Date.now() + Number(value) * 3_600_000 : Date.parse(value);
      if (!Number.isFinite(at)) throw new Error(`${file}: "${key}" is not a time`);
      return String(Math.round(at));
    };
    const quotes = (await call('/currency/quotation_new', 'GET')) as { groups: { markets: { legal_id: number; quote: string }[] }[] };
    const usdt = quotes.groups.flatMap((group) => group.markets).find((row) => row.quote === 'USDT');
    if (!usdt) throw new Error('no USDT market');
    console.log(
      await call('/operator/ieo/create', 'POST', {
        name: text('name'),
        token: text('token'),
        token_name: text('token_name'),
        token_precision: text('token_precision'),
        pay_currency_id: String(usdt.legal_id),
        issue_price: text('issue_price'),
        total_issuance: text('total_issuance'),
        max_per_user: text('max_per_user'),
        lock_days: text('lock_days'),
        start_at: time('start'),
        end_at: time('end'),
        list_at: time('list'),
        white_paper: text('white_paper'),
        website: text('website'),
        intro: text('intro'),
      }),
    );
    break;
  }
  case 'dual-close':
    console.log(await call('/operator/dual/close', 'POST', { id: id(args[0]) }));
    break;
  case 'approve-trader':
    console.log(await call('/operator/trader/approve', 'POST', { id: id(args[0]) }));
    break;
  case 'reject-trader':
    console.log(await call('/operator/trader/reject', 'POST', { id: id(args[0]), reason: reason(args.slice(1)) }));
    break;
  case 'approve-identity':
    console.log(await call('/operator/identity/approve', 'POST', { id: id(args[0]) }));
    break;
  case 'reject-identity':
    console.log(await call('/operator/identity/reject', 'POST', { id: id(args[0]), reason: reason(args.slice(1)) }));
    break;
  case 'adjust': {
    const [uid, currency, amount, ...rest] = args;
    let account: string | undefined;
    const at = rest.indexOf('--account');
    if (at >= 0) {
      account = rest[at + 1];
      rest.splice(at, 2);
    }
    if (!uid || !currency || !amount) fail('usage: adjust <uid> <currency> <amount> [--account change] <reason...>');
    console.log(await call('/operator/adjust', 'POST', { uid, currency: currency.toUpperCase(), amount, reason: reason(rest), ...(account ? { account } : {}) }));
    break;
  }
  case 'set-rate': {
    const [code, rate] = args;
    if (!code || !rate) fail('usage: set-rate <CODE> <rate>');
    console.log(await call('/operator/rate', 'POST', { code: code.toUpperCase(), rate }));
    break;
  }
  case 'news-add':
  case 'news-edit': {
    const o = options(args, ['lang', 'title', 'summary', 'cover', 'sort'], ['pop', 'no-pop']);
    const overrides: Text = {};
    for (const name of ['title', 'summary', 'cover'] as const) if (o.values[name] !== undefined) overrides[name] = o.values[name];
    if (o.values['sort'] !== undefined) overrides['sort'] = sortOption(o.values['sort']);
    if (o.on.has('pop')) overrides['pop'] = true;
    if (o.on.has('no-pop')) overrides['pop'] = false;
    let newsId: number | undefined;
    let category: number;
    let file: string | undefined;
    if (command === 'news-add') {
      category = CATEGORIES[o.positional[0] ?? ''] ?? fail('usage: news-add <news|banner> <file> [options]');
      file = o.positional[1];
    } else {
      newsId = Number(id(o.positional[0]));
      const current = (await call('/news/detail', 'POST', { id: String(newsId) })) as { c_id: number };
      category = current.c_id;
      file = o.positional[1];
    }
    const texts = readTexts(file, o.lang, 'content', 'title');
    // `pop` is decided once, with the first language; the others leave it alone.
    const [first, ...rest] = [...texts];
    if (!first) fail('the file holds no text');
    // c_id as text: the server takes the category (4 or 5) as a choice of values, and refuses a JSON number there.
    const saved = await saveTexts('/operator/news/save', new Map([first]), { c_id: String(category) }, overrides, newsId, 'title');
    const { pop: _pop, ...others } = overrides;
    await saveTexts('/operator/news/save', new Map(rest), { c_id: String(category) }, others, saved, 'title');
    console.log(`article ${saved}`);
    break;
  }
  case 'news-delete':
    console.log(await call('/operator/news/delete', 'POST', { id: id(args[0]) }));
    break;
  case 'news-list': {
    const o = options(args, ['lang'], []);
    const category = CATEGORIES[o.positional[0] ?? 'news'] ?? fail('usage: news-list [news|banner] [--lang L]');
    const rows: Record<string, unknown>[] = [];
    for (let page = 1; ; page++) {
      const list = (await call('/news/list', 'POST', { c_id: String(category), page: String(page), limit: '50', lang: o.lang })) as { data: Record<string, unknown>[]; more: boolean };
      rows.push(...list.data);
      if (!list.more) break;
    }
    const pop = (await call('/news/index_pop', 'GET', { lang: o.lang })) as { id: number } | null;
    console.table(
      rows.map((row) => ({ id: row['id'], title: row['title'], cover: row['cover'] ?? '', pop: row['id'] === pop?.id ? 'yes' : '', created_at: new Date(Number(row['created_at'])).toISOString() })),
    );
    break;
  }
  case 'faq-add':
  case 'faq-edit': {
    const o = options(args, ['lang', 'question', 'sort'], []);
    const overrides: Text = {};
    if (o.values['question'] !== undefined) overrides['question'] = o.values['question'];
    if (o.values['sort'] !== undefined) overrides['sort'] = sortOption(o.values['sort']);
    const faqId = command === 'faq-edit' ? Number(id(o.positional[0])) : undefined;
    const texts = readTexts(o.positional[command === 'faq-edit' ? 1 : 0], o.lang, 'answer', 'question');
    console.log(`question ${await saveTexts('/operator/faq/save', texts, {}, overrides, faqId, 'question')}`);
    break;
  }
  case 'faq-delete':
    console.log(await call('/operator/faq/delete', 'POST', { id: id(args[0]) }));
    break;
  case 'faq-list': {
    const o = options(args, ['lang'], []);
    const rows = (await call('/faq', 'GET', { lang: o.lang })) as { id: number; question: string }[];
    console.table(rows.map(({ id: faqId, question }) => ({ id: faqId, question })));
    break;
  }
  case 'page-save': {
    const o = options(args, ['lang', 'title'], []);
    const key = o.positional[0];
    if (key !== 'aboutus' && key !== 'contactus' && key !== 'operational_compliance') fail('usage: page-save <aboutus|contactus|operational_compliance> <file> [--lang L] [--title T]');
    const texts = readTexts(o.positional[1], o.lang, 'content', 'title');
    await saveTexts('/operator/page/save', texts, { key }, o.values['title'] === undefined ? {} : { title: o.values['title'] }, undefined, 'title');
    break;
  }
  case 'operators':
    console.table(((await call('/operator/operators', 'GET')) as { name: string; created_at: number }[]).map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })));
    break;
  case 'operator-add': {
    const added = (await call('/operator/operators/add', 'POST', { name: args[0] ?? fail('usage: operator-add <name>') })) as { name: string; token: string };
    console.log(`Operator ${added.name} added. Its token (shown this once; send it as X-Operator-Token):\n${added.token}`);
    break;
  }
  case 'operator-remove':
    console.log(await call('/operator/operators/remove', 'POST', { name: args[0] ?? fail('usage: operator-remove <name>') }));
    break;
  case 'file': {
    // Identity photos and payment vouchers are not public: the operator API serves them.
    const [address, out] = args;
    if (!address || !/^\/uploads\/[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(address)) fail('usage: file </uploads/name.png> [output file]');
    const { port, token } = server();
    const response = await fetch(`http://127.0.0.1:${port}/api/operator/upload?${new URLSearchParams({ path: address }).toString()}`, { headers: { 'X-Operator-Token': token } });
    if (!response.ok) fail(`No such upload: ${address}`);
    const target = path.resolve(out ?? path.basename(address));
    fs.writeFileSync(target, Buffer.from(await response.arrayBuffer()));
    console.log(target);
    break;
  }
  case 'service-link': {
    const url = args[0];
    if (url === undefined) fail('usage: service-link <https://...|mailto:...|none>');
    console.log(await call('/operator/service_link', 'POST', { url: url === 'none' ? '' : url }));
    break;
  }
  default:
    fail(`Unknown command "${command}".\n\n${HELP}`);
}
