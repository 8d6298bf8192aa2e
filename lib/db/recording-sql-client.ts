import type { SqlClient } from "./sql-client";

export type RecordedStatement = { text: string; params: readonly unknown[] };

/** A SqlClient that passes every query through and keeps what was asked (query plans in the bench, statement counts in tests). */
export function recordingSqlClient(inner: SqlClient, statements: RecordedStatement[]): SqlClient {
  return {
    query(text, params = []) {
      statements.push({ text, params });
      return inner.query(text, params);
    },
    exec: (text) => inner.exec(text),
    withSession: (work) => inner.withSession((session) => work(recordingSqlClient(session, statements))),
    close: () => inner.close(),
  };
}
