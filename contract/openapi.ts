import type { TSchema } from '@sinclair/typebox';
import type { Endpoint } from './api/define';

/**
 * Builds the OpenAPI 3.1 document of the API from the endpoint schemas, so the
 * document can never disagree with what the server validates.
 */
export interface OpenApiInfo {
  title: string;
  version: string;
}

type JsonObject = { [key: string]: unknown };

/** TypeBox schemas carry symbol keys and our own `errorKey` and `patternErrorKey`; OpenAPI gets plain JSON Schema. */
function plain(schema: TSchema): JsonObject {
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'errorKey' || key === 'patternErrorKey' ? undefined : value))) as JsonObject;
}

function envelope(message: TSchema): JsonObject {
  return {
    oneOf: [
      { type: 'object', required: ['type', 'message'], properties: { type: { const: 'ok' }, message: plain(message) } },
      {
        type: 'object',
        required: ['type', 'message'],
        properties: {
          type: { enum: ['error', '999', '998'], description: 'error: translated message; 999: session ended; 998: identity verification needed' },
          message: { type: 'string' },
        },
      },
    ],
  };
}

export function buildOpenApi(endpoints: readonly Endpoint[], info: OpenApiInfo): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const endpoint of endpoints) {
    const input = plain(endpoint.input);
    const properties = (input['properties'] ?? {}) as Record<string, JsonObject>;
    const required = new Set((input['required'] ?? []) as string[]);
    const lang = { name: 'lang', in: 'query', required: false, schema: { type: 'string' }, description: 'Language of messages: en, zh-cn, zh-tw, th, jp, kor, fra, spa' };
    const operation: JsonObject = {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      responses: {
        '200': {
          description: endpoint.upload ? 'The envelope as URL-encoded JSON text' : 'The envelope',
          content: endpoint.upload ? { 'text/plain': { schema: { type: 'string' } } } : { 'application/json': { schema: envelope(endpoint.output) } },
        },
      },
    };
    if (endpoint.access === 'user') operation['security'] = [{ token: [] }];
    if (endpoint.access === 'operator') operation['security'] = [{ operatorToken: [] }];
    if (endpoint.upload) {
      operation['parameters'] = [lang];
      operation['requestBody'] = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      };
    } else if (endpoint.method === 'GET') {
      operation['parameters'] = [lang, ...Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))];
    } else {
      const body = { ...input, properties: { ...properties, lang: { type: 'string' } } };
      operation['requestBody'] = {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: body },
          'application/json': { schema: body },
          'multipart/form-data': { schema: body },
        },
      };
    }
    const forPath = (paths[`/api${endpoint.path}`] ??= {});
    forPath[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The token answered by /user/login' },
        operatorToken: { type: 'apiKey', in: 'header', name: 'X-Operator-Token', description: "An operator's token (DATA_DIR/operator.token for the local operator)" },
      },
    },
    paths,
  };
}
