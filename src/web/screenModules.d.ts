// The screens of the route table, one loader each, keyed by their module (scripts/screenModules.ts writes it).
declare module 'virtual:screens' {
  const screens: Record<string, () => Promise<import('react').ComponentType<import('./RouteScreen.tsx').ScreenProps>>>
  export default screens
}
