// What one schema change is: an id recorded once it is applied, and its SQL.

export interface Migration {
  /** Stable id, recorded in schema_migrations once applied. */
  id: string;
  sql: string;
}
