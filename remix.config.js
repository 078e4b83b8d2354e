/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // The generated Prisma client is TypeScript inside app/ and is bundled; its runtime stays external.
  serverDependenciesToBundle: [],
  watchPaths: ["locales/**/*.json"],
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true },
};
