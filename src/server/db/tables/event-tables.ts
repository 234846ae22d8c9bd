// The realtime event log's tables (migration 0007-chat), intersected into db/schema.ts.
export interface MemberEventCountersTable {
  member_id: number;
  last_seq: number;
}

/** One stored server event per (member, seq): what a reconnecting socket replays. */
export interface MemberEventsTable {
  member_id: number;
  seq: number;
  /** The ServerEvent (contract/events.ts) as JSON. */
  event_json: string;
  created_at: string;
}

export interface EventTables {
  member_event_counters: MemberEventCountersTable;
  member_events: MemberEventsTable;
}
