// Imported first by the server entry points: React and Next choose their
// production builds from NODE_ENV when they load, before any other code runs.
Object.assign(process.env, { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
