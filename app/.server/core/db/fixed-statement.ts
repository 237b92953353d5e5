import type { Compilable, CompiledQuery, DialectAdapter, Kysely, QueryResult } from "kysely";
import type { Database } from "./schema";

/** Where a call's value goes in a fixed statement's parameters. */
class Slot {
  constructor(readonly name: string) {}
}

/** A statement's values by name; a value left undefined is bound as NULL. */
type Values = Record<string, unknown>;

export type FixedStatement<V extends Values, Row> = (
  db: Kysely<Database>,
  values: V,
) => Promise<QueryResult<Row>>;

/**
 * A statement whose SQL is the same on every call, written with Kysely's builder once and compiled
 * once per dialect; each call binds its own values. Building and compiling a query cost more than
 * SQLite running it on the busiest write (issue 34). `build` must put every call's value through
 * `value(name)`, and only as a bound value (not an identifier, a list's length or a condition):
 * the SQL is the first call's for good.
 */
export function fixedStatement<V extends Values, Row = never>(
  build: (
    db: Kysely<Database>,
    value: <Name extends keyof V & string>(name: Name) => V[Name],
  ) => Compilable<Row>,
): FixedStatement<V, Row> {
  const compiled = new WeakMap<DialectAdapter, CompiledQuery<Row>>();
  const slot = <Name extends keyof V & string>(name: Name) => new Slot(name) as V[Name];
  return (db, values) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) compiled.set(adapter, (query = build(db, slot).compile()));
    const parameters = query.parameters.map((parameter) =>
      parameter instanceof Slot ? (values[parameter.name] ?? null) : parameter,
    );
    return db.executeQuery<Row>({ ...query, parameters });
  };
}

/**
 * Fixed statements that differ only in how many rows they write (an upsert of a form's one or two
 * keys, the outbox's one or two emails), each built on its first use. For the few counts callers
 * use: every count seen is kept.
 */
export function fixedStatementPerCount<V extends Values, Row = never>(
  statementFor: (count: number) => FixedStatement<V, Row>,
): (count: number) => FixedStatement<V, Row> {
  const statements = new Map<number, FixedStatement<V, Row>>();
  return (count) => {
    let statement = statements.get(count);
    if (!statement) statements.set(count, (statement = statementFor(count)));
    return statement;
  };
}
