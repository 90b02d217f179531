import {
  DataTypeNode,
  OperationNodeTransformer,
  sql,
  SqliteAdapter,
  type RawBuilder,
  type ColumnDefinitionNode,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Where SQLite and PostgreSQL differ, in one place. Domain code never asks which store it
 * runs on; migrations and queries are written once, and what must differ is decided here:
 *
 * - Migrations declare money columns `numeric` (exact decimals). PostgreSQL stores them as
 *   `numeric`; SQLite has no exact decimal type and would turn a numeric column's values
 *   into floating point, so there they are `text` holding the decimal's digits (which is
 *   what every SQLite database written before PostgreSQL was supported already has).
 * - Times are milliseconds since 1970 and ids grow without bound: `integer` is SQLite's
 *   64-bit integer and PostgreSQL's `bigint`; an auto-increment key is an identity column.
 * - `real` is an 8-byte float on SQLite, `double precision` on PostgreSQL (candles, and the simulator figures of a listed market).
 * - Exact arithmetic on amounts inside a statement: `decimalAdd` (server/db/decimal.ts).
 */
export type Store = 'sqlite' | 'postgres';

export function storeOf(db: Kysely<unknown>): Store {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

const NUMERIC = DataTypeNode.create('numeric');
const TEXT = DataTypeNode.create('text');

class ColumnTypes extends OperationNodeTransformer {
  constructor(private readonly store: Store) {
    super();
  }

  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node);
    const type = DataTypeNode.is(column.dataType) ? column.dataType.dataType : null;
    if (this.store === 'sqlite') return type === 'numeric' ? { ...column, dataType: TEXT } : column;
    if (type === 'integer' && column.autoIncrement) return { ...column, dataType: DataTypeNode.create('bigserial'), autoIncrement: false };
    if (type === 'integer') return { ...column, dataType: DataTypeNode.create('bigint') };
    if (type === 'real') return { ...column, dataType: DataTypeNode.create('double precision') };
    if (type === 'numeric') return { ...column, dataType: NUMERIC };
    return column;
  }
}

/** Rewrites the column types of migrations for the store (see above). */
export class StoreTypes implements KyselyPlugin {
  private readonly transformer: ColumnTypes;

  constructor(store: Store) {
    this.transformer = new ColumnTypes(store);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** SQLite's `without rowid` for a table keyed by its primary key alone; nothing on PostgreSQL, whose tables have no rowid. */
export function withoutRowid(db: Kysely<unknown>): RawBuilder<unknown> {
  return storeOf(db) === 'sqlite' ? sql`without rowid` : sql``;
}
