// Counts writes per table and column, so a remembered read (a count, a page of ids) stays valid across
// writes that cannot change it: a caption edited under load must not make every page recount 10,000 rows.

/** What one writing statement may change, read once from its SQL text. */
export type WriteEffect =
  | { kind: 'everything' }
  | { kind: 'rows'; table: string }
  | { kind: 'columns'; table: string; columns: readonly string[] };

/**
 * DELETE can cascade through foreign keys to tables it does not name, and unknown shapes are not worth
 * guessing: both count as everything. INSERT changes a table's set of rows (an upsert may also rewrite
 * them). UPDATE changes the columns its SET names.
 */
export function writeEffect(sql: string): WriteEffect {
  const text = sql.trim();
  if (/^DELETE\b/i.test(text) || /^INSERT\s+OR\s+REPLACE\b/i.test(text) || /^REPLACE\b/i.test(text)) {
    return { kind: 'everything' };
  }
  const insert = /^INSERT\s+(?:OR\s+\w+\s+)?INTO\s+(\w+)/i.exec(text);
  if (insert?.[1]) return { kind: 'rows', table: insert[1].toLowerCase() };
  const update = /^UPDATE\s+(\w+)\s+SET\s+([\s\S]*?)(?:\s+WHERE\b[\s\S]*)?$/i.exec(text);
  if (update?.[1] && update[2]) {
    const columns = [...update[2].matchAll(/(\w+)\s*=/g)].map((match) => (match[1] as string).toLowerCase());
    if (columns.length > 0) return { kind: 'columns', table: update[1].toLowerCase(), columns };
  }
  return { kind: 'everything' };
}

/** The tables and columns a remembered read looks at; the column `*` stands for any of them. */
export interface ReadDependency {
  table: string;
  columns: readonly string[];
}

export class WriteTracker {
  /** Writes of any kind so far: while it stands still, every stamp made stays what it was. */
  private writes = 0;
  private readonly stamps = new WeakMap<readonly ReadDependency[], { writes: number; stamp: string }>();
  private everything = 0;
  private readonly rows = new Map<string, number>();
  private readonly columns = new Map<string, number>();

  record(effect: WriteEffect): void {
    this.writes++;
    if (effect.kind === 'everything') this.everything++;
    else if (effect.kind === 'rows') bump(this.rows, effect.table);
    else {
      for (const column of effect.columns) bump(this.columns, `${effect.table}.${column}`);
      bump(this.columns, `${effect.table}.*`);
    }
  }

  /** A stamp of everything the dependencies could see change; equal stamps mean nothing they read moved. */
  stamp(dependencies: readonly ReadDependency[]): string {
    const made = this.stamps.get(dependencies);
    if (made?.writes === this.writes) return made.stamp;
    const stamp = this.compose(dependencies);
    this.stamps.set(dependencies, { writes: this.writes, stamp });
    return stamp;
  }

  private compose(dependencies: readonly ReadDependency[]): string {
    const parts = [this.everything];
    for (const { table, columns } of dependencies) {
      parts.push(this.rows.get(table) ?? 0);
      for (const column of columns) parts.push(this.columns.get(`${table}.${column}`) ?? 0);
    }
    return parts.join(':');
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}
