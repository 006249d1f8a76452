/** The demo account the orchestrator creates and seeds on the journeys' platform (exported by the platform's global setup). */
export function demoAccount(): { email: string; password: string } {
  const password = process.env['E2E_DEMO_PASSWORD'];
  if (!password) throw new Error('E2E_DEMO_PASSWORD is not set: run browser journeys in the e2e jest project, whose global setup starts the platform');
  return { email: 'demo@pm.local', password };
}
