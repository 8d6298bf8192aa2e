/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Database drivers load native/wasm assets at run time; keep them out of the bundle. protobufjs finds
  // long.js with a runtime require that a bundle cannot serve, and @hiero-ledger/proto then patches it in
  // and says so on every build and start: required by Node, protobufjs finds it on its own.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "pg",
    "@prisma/adapter-pg",
    "@hiero-ledger/proto",
    "@hiero-ledger/sdk",
    "protobufjs",
    // The contract call EVM: plain Node ESM with its own crypto; required as it is, not re-bundled.
    "@ethereumjs/common",
    "@ethereumjs/evm",
    "@ethereumjs/statemanager",
    "@ethereumjs/util",
  ],
};

export default nextConfig;
