// electron-builder: Linux AppImage + deb, Windows NSIS, macOS dmg. `npm run dist` (needs internet
// for Electron's binary). test/build/electron-builder.build.test.ts checks this file offline.
//
// better-sqlite3 13 ships Node-API prebuilds for every platform inside its package; the same binary
// loads in Node and Electron, so nothing is rebuilt (npmRebuild: false: a rebuild on a machine
// without Electron's headers would silently target Node's ABI). Only the prebuild for the target
// platform and arch is shipped, unpacked from the asar (native modules cannot load from inside it).

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'dev.aisle.workstation',
  productName: 'Aisle',
  copyright: 'Copyright © Aisle contributors',
  directories: { output: 'release/${version}', buildResources: 'build' },
  files: [
    'package.json',
    'out/**',
    '!out/**/*.map',
    // the CLI's bundle (npm run build:cli) runs from a project folder with its Node, not from the app
    '!out/cli{,/**}',
    // better-sqlite3: only what loads at runtime, and only this target's prebuild.
    '!node_modules/better-sqlite3/{deps,src,binding.gyp}{,/**}',
    '!node_modules/better-sqlite3/prebuilds/!(${platform}-${arch}).node',
    '!node_modules/node-addon-api{,/**}',
    '!**/node_modules/*/{README,readme,CHANGELOG,changelog,HISTORY}*',
    '!**/node_modules/**/*.{md,d.ts,map,ts}',
    '!**/node_modules/**/{test,tests,__tests__,docs,example,examples}{,/**}',
  ],
  // The GS1 syntax dictionary the scan table is generated from is Apache-2.0: its license ships with the app.
  extraResources: [{ from: 'third_party/gs1-syntax-dictionary', to: 'third_party/gs1-syntax-dictionary', filter: ['LICENSE', 'SOURCE.md'] }],
  asar: true,
  asarUnpack: ['**/*.node'],
  // Electron's fuses, flipped in the binary before signing: the installed app cannot be run as plain
  // Node (ELECTRON_RUN_AS_NODE), handed NODE_OPTIONS or an inspector port, nor pointed at code outside
  // its asar, so nobody at a shared workstation can read the mirror or the session through it.
  // Corporate CAs then come from the OS store, not NODE_EXTRA_CA_CERTS (which the nodeOptions fuse also ignores).
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
  },
  // Updates (electron/main/updates.ts): beside the installers electron-builder writes latest.yml
  // (each installer's SHA-512, which electron-updater checks) and blockmaps (differential downloads
  // for NSIS and AppImage). IT copies them to its own web server; the machine policy's `updateFeed`
  // names it at run time, so the URL here only says the provider (generic) and is never asked.
  publish: [{ provider: 'generic', url: 'https://updates.invalid/aisle/' }],
  npmRebuild: false,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,
  icon: 'build/icon.png',
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office',
    maintainer: 'Aisle <aisle@example.com>',
    synopsis: 'Offline warehouse lookups from a local mirror',
    artifactName: '${productName}-${version}-${arch}.${ext}',
  },
  deb: { depends: ['libgtk-3-0', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils', 'libatspi2.0-0', 'libuuid1', 'libsecret-1-0'] },
  // Fleets: the NSIS installer offers "only me" or "anyone using this computer" (and `/allusers` when
  // silent); the MSI, for software deployment (GPO, Intune, SCCM), always installs per machine.
  // Windows signing comes from CSC_LINK / CSC_KEY_PASSWORD (WIN_CSC_LINK) in the environment, as
  // electron-builder reads them: without them the installers are built unsigned.
  win: { target: ['nsis', 'msi'], artifactName: '${productName}-Setup-${version}-${arch}.${ext}' },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true, deleteAppDataOnUninstall: false, differentialPackage: true },
  msi: { oneClick: false, perMachine: true, upgradeCode: '5f0e6b8e-3c1d-4a8e-9a51-6c0b2d7f4a10', artifactName: '${productName}-${version}-${arch}.${ext}' },
  // notarized only where Apple's credentials are in the environment (electron-builder's own
  // variables); signing likewise from CSC_LINK, or skipped without it
  mac: { target: ['dmg'], category: 'public.app-category.business', hardenedRuntime: true, notarize: Boolean(process.env.APPLE_API_KEY || process.env.APPLE_ID || process.env.APPLE_KEYCHAIN_PROFILE) },
  dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },
};
