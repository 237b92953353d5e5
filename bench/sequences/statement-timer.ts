// Where a pass's time goes: a Kysely plugin that times each statement from its compilation to its
// result, keyed by what it is (the statement's kind and first table), for the bench's breakdown.
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

function statementName(node: RootOperationNode): string {
  const table = JSON.stringify(node).match(/"TableNode","table":\{[^}]*?"name":"(\w+)"/);
  return `${node.kind.replace("QueryNode", "").toLowerCase()} ${table?.[1] ?? "?"}`;
}

export class StatementTimer implements KyselyPlugin {
  private readonly started = new WeakMap<object, { name: string; at: number }>();
  /** Milliseconds per statement name, one entry per execution, since the last `reset`. */
  times = new Map<string, number[]>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.started.set(queryId, { name: statementName(node), at: performance.now() });
    return node;
  }

  async transformResult({
    result,
    queryId,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const start = this.started.get(queryId);
    if (start) {
      const list = this.times.get(start.name) ?? [];
      list.push(performance.now() - start.at);
      this.times.set(start.name, list);
    }
    return result;
  }

  reset() {
    this.times = new Map();
  }
}
