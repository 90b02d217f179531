import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Requests that must run where a market runs (several processes: an order enters the book
 * of the process that holds the market's claim), carried there by Redis streams:
 *
 * - A process that receives such a request for a market it does not run adds it to the
 *   market's stream `kestrel:commands:<market>` (the method, the URL, the caller's token,
 *   language and address, the body) with a deadline, and waits for the answer on its own
 *   stream `kestrel:answers:<process>`; the client sees the owner's answer as if this
 *   process had given it, and never needs to know who runs what.
 * - The owner reads the streams of the markets it runs as the one consumer of the group
 *   `owner`, runs each request through its own routes (`inject`: the same checks, the
 *   same step) unless its deadline has passed, answers, then acknowledges it.
 * - A new owner first takes the requests the old one received and did not acknowledge:
 *   whether they ran is not known (the old owner may have stopped after the commit), so
 *   they are not run again; their senders answer that the exchange did not answer in time,
 *   and a request id (contract: request_id) makes the app's retry safe. Requests sent while
 *   no process ran the market wait in the stream for the new owner, until their deadline.
 */
/** Keys start with the exchange's prefix (REDIS_PREFIX, `kestrel`). */
const COMMANDS_STREAM = (prefix: string, marketId: number): string => `${prefix}:commands:${marketId}`;
const ANSWERS_STREAM = (prefix: string, process: string): string => `${prefix}:answers:${process}`;
const GROUP = 'owner';
/** The one consumer of a market's stream: its owner, whichever process that is now. */
const CONSUMER = 'owner';
/** A request not begun by then is not run: its sender has answered the client already. */
export const COMMAND_DEADLINE_MS = 3_000;
/** How long a sender waits past the deadline for a request begun in time. */
const ANSWER_GRACE_MS = 7_000;
const BLOCK_MS = 1_000;
const KEEP = 10_000;

/** Marks a request the owner runs for another process: it is never sent on again. */
export const FORWARDED_HEADER = 'x-kestrel-forwarded';

export interface Command {
  id: string;
  /** the process waiting for the answer */
  from: string;
  deadline: number;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
  ip: string;
}

/** What the owner answered, as it went out (status, content type, body). */
export interface Reply {
  status: number;
  type: string;
  body: string;
}

/**
 * The owner's answer, or why there is none: `late` when the request surely did not run
 * (its deadline passed before it began, or it was never sent), `gone` when whether it ran
 * is not known (its owner stopped meanwhile).
 */
export type Answer = Reply | { unanswered: 'late' | 'gone' };

/** The owner's side: runs a request through its own routes. */
export type Inject = (command: Command) => Promise<Reply>;

export class MarketCommands {
  private readonly waiting = new Map<string, { resolve: (answer: Answer) => void; timer: ReturnType<typeof setTimeout> }>();
  /** the markets whose streams this process reads, with the last id read */
  private readonly reading = new Map<number, string>();
  private inject: Inject | null = null;
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    /** for adding entries and answering */
    private readonly redis: Redis,
    /** the blocking reads of the answers */
    private readonly answers: Redis,
    /** the blocking reads of the commands */
    private readonly commands: Redis,
    private readonly prefix: string,
    private readonly process: string,
    /** the markets this process runs now */
    private readonly owned: () => readonly number[],
    private readonly report: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts reading: the answers to this process's requests, and the requests for the markets it runs (through `inject`). */
  start(inject: Inject): void {
    this.inject = inject;
    this.running = true;
    this.loops = [this.readAnswers(), this.readCommands()];
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const [, wait] of this.waiting) clearTimeout(wait.timer);
    this.answers.disconnect();
    this.commands.disconnect();
    await Promise.all(this.loops);
    await this.redis.del(ANSWERS_STREAM(this.prefix, this.process)).catch(() => undefined);
    await this.redis.quit().catch(() => undefined);
  }

  /** Sends a request to the market's owner; answers the owner's answer, or why there is none. */
  async forward(marketId: number, request: Omit<Command, 'id' | 'from' | 'deadline'>): Promise<Answer> {
    const command: Command = { ...request, id: crypto.randomUUID(), from: this.process, deadline: this.now() + COMMAND_DEADLINE_MS };
    const answer = new Promise<Answer>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(command.id);
        resolve({ unanswered: 'gone' as const });
      }, COMMAND_DEADLINE_MS + ANSWER_GRACE_MS);
      this.waiting.set(command.id, { resolve, timer });
    });
    try {
      await this.redis.xadd(COMMANDS_STREAM(this.prefix, marketId), 'MAXLEN', '~', KEEP, '*', 'c', JSON.stringify(command));
    } catch (error) {
      // Not sent: it cannot have run.
      const wait = this.waiting.get(command.id);
      if (wait) clearTimeout(wait.timer);
      this.waiting.delete(command.id);
      this.report(error);
      return { unanswered: 'late' as const };
    }
    return answer;
  }

  private async readAnswers(): Promise<void> {
    const key = ANSWERS_STREAM(this.prefix, this.process);
    let last = '$';
    while (this.running) {
      try {
        const read = await this.answers.xread('COUNT', 1_000, 'BLOCK', BLOCK_MS, 'STREAMS', key, last);
        for (const [, entries] of read ?? []) {
          for (const [id, fields] of entries) {
            last = id;
            const { to, answer } = JSON.parse(fields[1] ?? '{}') as { to: string; answer: Answer };
            const wait = this.waiting.get(to);
            if (!wait) continue;
            clearTimeout(wait.timer);
            this.waiting.delete(to);
            wait.resolve(answer);
          }
        }
      } catch (error) {
        if (!this.running) return;
        this.report(error);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  private async readCommands(): Promise<void> {
    while (this.running) {
      try {
        await this.follow(this.owned());
        if (this.reading.size === 0) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        const keys = [...this.reading.keys()].map((marketId) => COMMANDS_STREAM(this.prefix, marketId));
        const read = (await this.commands.xreadgroup('GROUP', GROUP, CONSUMER, 'COUNT', 100, 'BLOCK', BLOCK_MS, 'STREAMS', ...keys, ...keys.map(() => '>'))) as [string, [string, string[]][]][] | null;
        const byKey = new Map([...this.reading.keys()].map((marketId) => [COMMANDS_STREAM(this.prefix, marketId), marketId]));
        for (const [key, entries] of read ?? []) for (const [id, fields] of entries) void this.run(byKey.get(key) ?? 0, key, id, fields);
      } catch (error) {
        if (!this.running) return;
        // Redis started afresh (its streams and groups gone): the groups are made again.
        if (error instanceof Error && error.message.includes('NOGROUP')) this.reading.clear();
        else this.report(error);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  /** Reads the streams of the markets run now; a market newly run first settles what its old owner left unacknowledged. */
  private async follow(owned: readonly number[]): Promise<void> {
    const now = new Set(owned);
    for (const marketId of this.reading.keys()) if (!now.has(marketId)) this.reading.delete(marketId);
    for (const marketId of now) {
      if (this.reading.has(marketId)) continue;
      const key = COMMANDS_STREAM(this.prefix, marketId);
      await this.redis.xgroup('CREATE', key, GROUP, '0', 'MKSTREAM').catch((error: unknown) => {
        if (!(error instanceof Error && error.message.includes('BUSYGROUP'))) throw error;
      });
      // Received by the old owner and not acknowledged: perhaps run, perhaps not. Not run again.
      const left = (await this.redis.xreadgroup('GROUP', GROUP, CONSUMER, 'COUNT', 1_000, 'STREAMS', key, '0')) as [string, [string, string[]][]][] | null;
      for (const [, entries] of left ?? []) {
        for (const [id, fields] of entries) {
          const command = parse(fields);
          if (command) await this.answer(command, { unanswered: 'gone' as const });
          await this.redis.xack(key, GROUP, id);
        }
      }
      this.reading.set(marketId, '>');
    }
  }

  private async run(marketId: number, key: string, id: string, fields: string[]): Promise<void> {
    const command = parse(fields);
    try {
      if (command && this.now() <= command.deadline && !this.owned().includes(marketId)) {
        // Read by a look begun before this process gave the market back: added again, for its owner now.
        await this.redis.xadd(key, 'MAXLEN', '~', KEEP, '*', ...fields);
      } else if (command) {
        const inject = this.inject;
        const answer = this.now() > command.deadline || !inject ? { unanswered: 'late' as const } : await inject(command);
        await this.answer(command, answer);
      }
    } catch (error) {
      this.report(error);
    } finally {
      await this.redis.xack(key, GROUP, id).catch((error: unknown) => this.report(error));
    }
  }

  private async answer(command: Command, answer: Answer): Promise<void> {
    await this.redis.xadd(ANSWERS_STREAM(this.prefix, command.from), 'MAXLEN', '~', KEEP, '*', 'a', JSON.stringify({ to: command.id, answer }));
  }
}

function parse(fields: string[]): Command | null {
  try {
    return JSON.parse(fields[1] ?? '') as Command;
  } catch {
    return null;
  }
}
