/** Dotted paths to the string leaves of a translation file: {a:{b:'x'}} -> 'a.b'. */
export type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
