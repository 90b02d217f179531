import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { endpoints } from '../contract/api';
import { depthPoints } from '../charts/depth-points';
import { DEPTH_LEVELS } from '../contract/realtime';
import { parseJsonFields, parseUrlEncoded } from '../server/http/fields';
import { alertBook } from './alert-book';
import { candleMerge } from './candle-merge';

/** Each suite: a title and named cases. Add a suite per hot path. */
export interface Suite {
  title: string;
  cases: Record<string, () => void>;
}

const registerForm = 'user_string=ann%40example.com&code=123456&password=secret-pass&re_password=secret-pass&extension_code=ABCD2345&type=email&lang=en';
const registerJson = JSON.stringify(Object.fromEntries(new URLSearchParams(registerForm)));
const check = TypeCompiler.Compile(endpoints.register.input);

/** Every API request is parsed and validated before it reaches a handler. */
const requestValidation: Suite = {
  title: 'request input: parse and validate (POST /user/register)',
  cases: {
    'parse form': () => {
      parseUrlEncoded(registerForm);
    },
    'parse JSON (duplicate-key scan)': () => {
      parseJsonFields(registerJson);
    },
    'parse form + convert + check': () => {
      const fields = parseUrlEncoded(registerForm);
      const input = Value.Convert(endpoints.register.input, fields);
      if (!check.Check(input)) throw new Error('invalid');
    },
  },
};

/** A depth message (DEPTH_LEVELS a side, as the server sends) turned into chart points. */
const bookBids = Float64Array.from({ length: 2 * DEPTH_LEVELS }, (_, i) => (i % 2 === 0 ? 65_000 - i : 0.01 + (i % 7) * 0.3));
const bookAsks = Float64Array.from({ length: 2 * DEPTH_LEVELS }, (_, i) => (i % 2 === 0 ? 65_001 + i : 0.02 + (i % 5) * 0.4));
const depth: Suite = {
  title: `depth chart: cumulative points for ${DEPTH_LEVELS} levels a side`,
  cases: {
    depthPoints: () => {
      depthPoints(bookBids, bookAsks);
    },
  },
};

export const suites: Suite[] = [requestValidation, depth, candleMerge(), alertBook()];
