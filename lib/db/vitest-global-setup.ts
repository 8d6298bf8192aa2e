/** Says once, up front, whether the PostgreSQL half of the database suites will run. */
export default function setup(): void {
  if (process.env.TEST_DATABASE_URL) console.log(`database suites: PGlite and PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).pathname.slice(1)})`);
  else console.log("database suites: PGlite only; PostgreSQL skipped: no TEST_DATABASE_URL");
}
