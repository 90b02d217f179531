import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { endpoints } from '../contract/api';
import { parseJsonFields, parseUrlEncoded } from '../server/http/fields';

/** Each suite: a title and named cases. Add a suite per hot path. */
export interface Suite {
  title: string;
  cases: Record<string, () => void>;
}

const registerForm =
  'user_string=ann%40example.com&code=123456&password=secret-pass&re_password=secret-pass&extension_code=ABCD2345&type=email&lang=en';
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

export const suites: Suite[] = [requestValidation];
