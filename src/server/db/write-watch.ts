import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  DeleteQueryNode,
  InsertQueryNode,
  type KyselyPlugin,
  type OperationNode,
  OperatorNode,
  ParensNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  ReferenceNode,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
  UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
} from 'kysely';

/**
 * A write to a watched table, as precise as the statement says: the member ids or session
 * hashes its WHERE (or its inserted rows) pins it to, or `everyone` when it names neither
 * (a bulk update, an OR, a sub-query): then every cached copy must go.
 */
export type WatchedWrite = (
  | { table: WatchedTable; memberIds: readonly number[] }
  | { table: WatchedTable; tokenHashes: readonly string[] }
  | { table: WatchedTable; everyone: true }
) & {
  /**
   * The write may change who appears in lists of members (a new member or photo, a change of
   * what a card shows or a search filters on): kept lists must all go, and none may be kept
   * until the write can have committed, since a member who appears in one was in none of them
   * before (kept-reads.ts keptListRead, services.ts).
   */
  listed?: true;
  /**
   * The write moves members' credit balances and nothing else (a paid message, a purchase's
   * grant): reads that carry no balance, such as the session's member (member-record.ts),
   * are kept through it (kept-reads.ts).
   */
  balanceOnly?: true;
};

/** The members column of the credit balance (features/credits). */
const BALANCE_COLUMN = 'credits';

/** Member columns a card shows or a search filters on (features/members). */
const LISTED_MEMBER_COLUMNS = new Set([
  'site_id',
  'name',
  'date_of_birth',
  'gender',
  'country',
  'region',
  'is_fictional',
  'is_invisible',
  'profile_status',
  'last_active_at',
]);

/** The tables whose rows kept reads hold (kept-reads.ts, docs/performance.md). */
export type WatchedTable =
  'members' | 'sessions' | 'photos' | 'member_interests' | 'blocks' | 'likes';

/**
 * Per table, the columns that name whose row it is. A statement pinned by any one of them
 * touches only rows of that member, and every kept read of such a row names all of its
 * members, so pinning one column is enough to find the reads to drop.
 */
const KEY_COLUMNS: Record<WatchedTable, { members: readonly string[]; token?: string }> = {
  members: { members: ['id'] },
  sessions: { members: ['member_id'], token: 'token_hash' },
  photos: { members: ['member_id'] },
  member_interests: { members: ['member_id'] },
  blocks: { members: ['blocker_id', 'blocked_id'] },
  likes: { members: ['liker_id', 'liked_id'] },
};

type Listener = (write: WatchedWrite) => void;

/**
 * Sees every INSERT, UPDATE and DELETE the query builder compiles for the watched tables and
 * tells the listeners whose rows they touch, at compile time (before the statement runs, so
 * inside its transaction). It lives in the data layer so that no write path can forget to
 * invalidate a cache: a new feature's `updateTable('members')` is seen like the old ones.
 * Raw `sql` text is not parsed; writes to these tables go through the builder.
 */
export class WriteWatch implements KyselyPlugin {
  private readonly listeners = new Set<Listener>();

  /** Returns a function that stops listening. */
  onWrite(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size > 0) {
      const write = watchedWriteOf(node);
      if (write) for (const listener of this.listeners) listener(write);
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/**
 * What a statement writes to watched tables, or undefined for reads and other tables. A
 * data-modifying WITH (PostgreSQL: `with moved as (update members …) insert into …`) writes
 * what its parts write, together.
 */
export function watchedWriteOf(node: RootOperationNode): WatchedWrite | undefined {
  const ctes = 'with' in node && node.with ? node.with.expressions : [];
  const parts = [...ctes.map((cte) => ownWriteOf(cte.expression)), ownWriteOf(node)].filter(
    (write) => write !== undefined,
  );
  return parts.length <= 1 ? parts[0] : together(parts);
}

/** Several writes of one statement as one: every member any of them pins, or everyone. */
function together(writes: readonly WatchedWrite[]): WatchedWrite {
  const flags = {
    ...(writes.some((write) => write.listed) ? { listed: true as const } : {}),
    ...(writes.every((write) => write.balanceOnly) ? { balanceOnly: true as const } : {}),
  };
  const table = writes[0]!.table;
  const memberIds = new Set<number>();
  for (const write of writes) {
    if (!('memberIds' in write)) return { table, everyone: true, ...flags };
    for (const id of write.memberIds) memberIds.add(id);
  }
  return { table, memberIds: [...memberIds], ...flags };
}

function ownWriteOf(node: OperationNode): WatchedWrite | undefined {
  if (UpdateQueryNode.is(node)) {
    const table = tableName(node.table);
    const write = fromWhere(table, node.where?.where);
    const columns = (node.updates ?? []).map((update) => columnName(update.column));
    const listed =
      table === 'photos' ||
      (table === 'members' && columns.some((column) => LISTED_MEMBER_COLUMNS.has(column ?? '')));
    if (write && listed) return { ...write, listed: true };
    const balanceOnly =
      table === 'members' &&
      columns.length > 0 &&
      columns.every((column) => column === BALANCE_COLUMN);
    return write && balanceOnly ? { ...write, balanceOnly: true } : write;
  }
  if (DeleteQueryNode.is(node)) {
    const [from, ...more] = node.from.froms;
    const table = more.length === 0 ? tableName(from) : undefined;
    const write = fromWhere(table, node.where?.where);
    return write && (table === 'members' || table === 'photos')
      ? { ...write, listed: true }
      : write;
  }
  if (InsertQueryNode.is(node)) return fromInsert(tableName(node.into), node);
  return undefined;
}

function isWatched(table: string | undefined): table is WatchedTable {
  return table !== undefined && Object.hasOwn(KEY_COLUMNS, table);
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

function fromWhere(
  table: string | undefined,
  where: OperationNode | undefined,
): WatchedWrite | undefined {
  if (!isWatched(table)) return undefined;
  const keys = KEY_COLUMNS[table];
  // Only the conjuncts of a top-level AND chain pin the rows: `a AND b` touches at most what
  // `a` names. Anything else (OR, NOT, a sub-query) could reach any row. Every member a
  // conjunct names is reported (`blocker_id = X AND blocked_id = V` touches both X and V), so
  // a kept read that names any of them is dropped.
  const memberIds = new Set<number>();
  let tokenHashes: string[] | undefined;
  for (const conjunct of conjunctsOf(where)) {
    for (const column of keys.members) {
      const values = valuesWhere(conjunct, column);
      if (values && values.every(isNumber)) for (const id of values) memberIds.add(id);
    }
    const hashes = keys.token ? valuesWhere(conjunct, keys.token) : undefined;
    if (hashes && hashes.every(isString)) tokenHashes ??= hashes;
  }
  if (memberIds.size > 0) return { table, memberIds: [...memberIds] };
  if (tokenHashes) return { table, tokenHashes };
  return { table, everyone: true };
}

function fromInsert(table: string | undefined, node: InsertQueryNode): WatchedWrite | undefined {
  // A new member is in no kept read, but may belong in a kept list; a new session is in
  // neither; a new photo, interest, block or like is.
  if (table === 'members') return { table, memberIds: [], listed: true };
  if (!isWatched(table) || table === 'sessions') return undefined;
  const columnNames = (node.columns ?? []).map((entry) => entry.column.name);
  const positions = KEY_COLUMNS[table].members
    .map((column) => columnNames.indexOf(column))
    .filter((position) => position >= 0);
  const rows = node.values && ValuesNode.is(node.values) ? node.values.values : [];
  const memberIds = rows.flatMap((row) => {
    const values = listValues(row);
    return positions.map((position) => values?.[position]);
  });
  const listed = table === 'photos' ? ({ listed: true } as const) : {};
  if (memberIds.length > 0 && memberIds.every(isNumber)) return { table, memberIds, ...listed };
  return { table, everyone: true, ...listed };
}

function conjunctsOf(node: OperationNode | undefined): OperationNode[] {
  if (!node) return [];
  if (AndNode.is(node)) return [...conjunctsOf(node.left), ...conjunctsOf(node.right)];
  if (ParensNode.is(node)) return conjunctsOf(node.node);
  return [node];
}

/** The values of `column = value` or `column in (values)`, or undefined for any other shape. */
function valuesWhere(node: OperationNode, column: string): unknown[] | undefined {
  if (!BinaryOperationNode.is(node) || columnName(node.leftOperand) !== column) return undefined;
  const operator = OperatorNode.is(node.operator) ? node.operator.operator : undefined;
  if (operator === '=' && ValueNode.is(node.rightOperand)) return [node.rightOperand.value];
  if (operator === 'in') return listValues(node.rightOperand);
  return undefined;
}

function listValues(node: OperationNode): unknown[] | undefined {
  if (PrimitiveValueListNode.is(node)) return [...node.values];
  if (ValueListNode.is(node)) {
    return node.values.map((item) => (ValueNode.is(item) ? item.value : undefined));
  }
  return undefined;
}

function columnName(node: OperationNode): string | undefined {
  if (ReferenceNode.is(node)) return columnName(node.column);
  if (ColumnNode.is(node)) return node.column.name;
  return undefined;
}

const isNumber = (value: unknown): value is number => typeof value === 'number';
const isString = (value: unknown): value is string => typeof value === 'string';
