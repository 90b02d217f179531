import { Kind, type StaticDecode, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, OutputOf } from '../../contract/api';
import { languageFromApiValue, type Language } from '../../contract/languages';
import { authenticate, tokenFromHeader, type Auth } from '../auth/sessions';
import { operatorOf } from '../operator/auth';
import type { AppContext } from '../context';
import type { Translate } from '../i18n';
import { ApiError, sessionEnded } from './errors';
import { emptyFields, type Fields } from './fields';
import { FORWARDED_HEADER } from '../cluster/commands';

/** What a handler gets: the validated input (decoded: an account id is its name), the caller, and their language. */
export interface Call<E extends Endpoint> {
  input: StaticDecode<E['input']>;
  auth: E['access'] extends 'user' ? Auth : Auth | null;
  /** the operator's name, for operator endpoints */
  operator: string | null;
  language: Language;
  t: Translate;
  ip: string;
  userAgent: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages; set from `lang` or Accept-Language. */
    language: Language;
  }
  interface FastifyContextConfig {
    /**
     * How the envelope is written: json {type, message} (default); urlencoded, the same
     * as URL-encoded JSON text (POST /upload); code, {code: 1 | 0, msg, ...message}.
     */
    answerStyle?: 'json' | 'urlencoded' | 'code';
  }
}

/** The first broken rule, as a translated sentence naming the field. */
function fieldLabel(ctx: AppContext, t: Translate, name: string): string {
  const fieldKey = `validation:fields.${name}`;
  return ctx.i18n.has(fieldKey) ? t(fieldKey) : name;
}

function validationMessage(ctx: AppContext, t: Translate, error: ValueError): string {
  const field = fieldLabel(ctx, t, error.path.split('/').filter(Boolean)[0] ?? '');
  const schema = error.schema as TSchema & { errorKey?: string; patternErrorKey?: string; maxLength?: number; minLength?: number };
  if (error.type === ValueErrorType.StringMaxLength) return t('validation:too_long', { field, limit: schema.maxLength ?? 0 });
  const patternKey = schema.patternErrorKey ? `validation:${schema.patternErrorKey}` : null;
  if (error.type === ValueErrorType.StringPattern && patternKey && ctx.i18n.has(patternKey)) return t(patternKey, { field });
  const custom = schema.errorKey ? `validation:${schema.errorKey}` : null;
  if (custom && ctx.i18n.has(custom)) return t(custom);
  if (error.type === ValueErrorType.ObjectRequiredProperty) return t('validation:required', { field });
  if (error.type === ValueErrorType.StringMinLength) return t('validation:too_short', { field, limit: schema.minLength ?? 0 });
  return t('validation:invalid', { field });
}

function fieldsOf(value: unknown): Fields {
  return value !== null && typeof value === 'object' ? (value as Fields) : emptyFields();
}

/** How a route is served besides its contract. */
export interface RouteOptions<E extends Endpoint = Endpoint> {
  /** counted per IP against the public limit (app.ts registers @fastify/rate-limit), each route on its own */
  rateLimited?: boolean;
  /**
   * The market whose engine must run the request (an order entering its book, a position
   * its trades settle), or null when none. Several processes: a process that does not run
   * it sends the request to the one that does (server/cluster/commands.ts) and answers
   * with that process's answer.
   */
  market?: (call: Pick<Call<E>, 'input' | 'auth'>) => Promise<number | null> | number | null;
}

/**
 * Registers one contract endpoint: parses and validates its input against the
 * contract's schema, checks the session, runs the handler, and answers the envelope.
 */
export function route<E extends Endpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, handler: (call: Call<E>) => Promise<OutputOf<E>>, options: RouteOptions<E> = {}): void {
  const check = TypeCompiler.Compile(endpoint.input);
  const declared = Object.keys(endpoint.input.properties);
  // TypeBox's conversion would cut "1.5" to 1 for an integer; such text stays text and fails.
  const integers = declared.filter((name) => (endpoint.input.properties[name] as TSchema)[Kind] === 'Integer');
  // A JSON number or true/false where the contract wants text is refused, never turned
  // into text: 0.1 + 0.2 sent as a number is not the amount "0.3".
  // A field with a choice written in digits (an account's type id, '2') takes a JSON number
  // too: 2 is converted to '2' and must then be one of the choices.
  const numberChoice = (schema: TSchema) => Array.isArray(schema['anyOf']) && (schema['anyOf'] as TSchema[]).some((choice) => typeof choice['const'] === 'string' && /^[0-9]+$/.test(choice['const']));
  const texts = declared.filter((name) => {
    const schema = endpoint.input.properties[name] as TSchema;
    return !['Integer', 'Number', 'Boolean'].includes(String(schema[Kind])) && !numberChoice(schema);
  });
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    config: { answerStyle: endpoint.upload ? 'urlencoded' : endpoint.envelope === 'code' ? 'code' : 'json', ...(options.rateLimited ? { rateLimit: {} } : {}) },
    handler: async (request, reply) => {
      const query = fieldsOf(request.query);
      const body = endpoint.method === 'POST' && !endpoint.upload ? fieldsOf(request.body) : emptyFields();
      const lang = body['lang'] ?? query['lang'];
      if (typeof lang === 'string') request.language = languageFromApiValue(lang);
      const t = ctx.i18n.fixed(request.language);

      const operator = endpoint.access === 'operator' ? await operatorOf(ctx, request.headers['x-operator-token']) : null;
      if (endpoint.access === 'operator' && !operator) throw new ApiError('server:errors.operator_only', {}, '999');
      const auth = endpoint.access === 'operator' ? null : await authenticate(ctx, tokenFromHeader(request.headers.authorization));
      if (endpoint.access === 'user' && !auth) throw sessionEnded();

      const source = endpoint.method === 'GET' || endpoint.upload ? query : body;
      const input: Record<string, unknown> = {};
      for (const name of declared) if (Object.hasOwn(source, name) && source[name] !== null) input[name] = source[name];
      const notText = texts.find((name) => name in input && typeof input[name] !== 'string');
      if (notText !== undefined) return answer(reply, { type: 'error', message: t('validation:invalid', { field: fieldLabel(ctx, t, notText) }) });
      const fractions = integers.filter((name) => typeof input[name] === 'string' && !/^\s*-?[0-9]+\s*$/.test(input[name]));
      const kept = fractions.map((name) => [name, input[name]] as const);
      const converted = Value.Default(endpoint.input, Value.Convert(endpoint.input, input)) as Record<string, unknown>;
      for (const [name, value] of kept) converted[name] = value;
      if (!check.Check(converted)) {
        const first = check.Errors(converted).First();
        return answer(reply, { type: 'error', message: first ? validationMessage(ctx, t, first) : t('server:errors.bad_request') });
      }
      // No field means a NUL character, and PostgreSQL's text cannot hold one: refused on both stores alike.
      const withNul = declared.find((name) => typeof converted[name] === 'string' && converted[name].includes('\u0000'));
      if (withNul !== undefined) return answer(reply, { type: 'error', message: t('validation:invalid', { field: fieldLabel(ctx, t, withNul) }) });

      const decoded = check.Decode(converted);
      const { commands } = ctx;
      if (options.market && commands && request.headers[FORWARDED_HEADER] === undefined) {
        const marketId = await options.market({ input: decoded, auth: auth as Call<E>['auth'] });
        if (marketId !== null && !ctx.market.engine.has(marketId)) {
          const forwarded = await commands.forward(marketId, {
            method: endpoint.method,
            url: request.url,
            headers: Object.fromEntries(
              (['authorization', 'x-operator-token', 'user-agent', 'accept-language'] as const).flatMap((name) => {
                const value = request.headers[name];
                return typeof value === 'string' ? [[name, value]] : [];
              }),
            ),
            payload: endpoint.method === 'POST' ? JSON.stringify(body) : '',
            ip: request.ip,
          });
          if ('unanswered' in forwarded) throw new ApiError(forwarded.unanswered === 'late' ? 'server:errors.market_moving' : 'server:errors.no_answer');
          return reply.code(forwarded.status).type(forwarded.type).send(forwarded.body);
        }
      }
      const message = await handler({
        input: decoded,
        auth: auth as Call<E>['auth'],
        operator,
        language: request.language,
        t,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        request,
        reply,
      });
      return answer(reply, { type: 'ok', message });
    },
  });
}

/** Sends an envelope in the route's style. */
export function answer(reply: FastifyReply, envelope: { type: string; message: unknown }): FastifyReply {
  switch (reply.request.routeOptions.config.answerStyle) {
    case 'urlencoded':
      return reply.type('text/plain; charset=utf-8').send(encodeURIComponent(JSON.stringify(envelope)));
    case 'code':
      return reply.send(
        envelope.type === 'ok' && typeof envelope.message === 'object' && envelope.message !== null ? { code: 1, msg: 'ok', ...envelope.message } : { code: 0, msg: String(envelope.message) },
      );
    default:
      return reply.send(envelope);
  }
}

export function errorEnvelope(ctx: AppContext, language: Language, error: ApiError): { type: string; message: string } {
  return { type: error.type, message: ctx.i18n.t(language, error.key, error.params) };
}
