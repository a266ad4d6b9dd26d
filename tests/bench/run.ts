/**
 * `npm run bench`: starts a fresh stack (BENCH_STACK_PORT_BASE, default 60321) and runs every benchmark
 * against it, printing each one's figures and the ratio or goal it is judged by.
 * `npm run bench -- rest`, `-- realtime`, `-- interactions`, `-- handoff`, `-- bundle`, `-- migration` or `-- scale` runs one.
 * The migration bench imports a whole pharmacy (600,000 rows) into a pharmacy of its own, so it runs before scale.
 * The scale bench fills the demo pharmacy with 500,000 prescriptions (1,500,000 fills), so it runs last (or alone).
 */
import { startTestStack, type StackEnv } from '../support/test-stack.ts';
import { runRestBench } from './rest.ts';

const only = process.argv[2];

async function bundleBench(env: StackEnv): Promise<boolean> {
  console.log('\n== Bundle: the JavaScript of a first visit, to the sign-in page and signed in to the dashboard ==');
  const { runBundleBench } = await import('./bundle.ts');
  return (await runBundleBench(env)).met;
}

const portBase = Number(process.env.BENCH_STACK_PORT_BASE || 60321);
const stack = await startTestStack({ portBase });
let failed = false;
try {
  if (!only || only === 'rest') {
    console.log('\n== REST: gateway vs direct PostgREST ==');
    await runRestBench(stack.env);
  }
  if (!only || only === 'realtime') {
    console.log('\n== Realtime: postgres_changes with RLS ==');
    const { runRealtimeBench } = await import('./realtime.ts');
    await runRealtimeBench(stack.env);
  }
  if (!only || only === 'interactions') {
    console.log('\n== Interaction check: 20-drug profile ==');
    const { runInteractionsBench } = await import('./interactions.ts');
    await runInteractionsBench(stack.env);
  }
  if (!only || only === 'handoff') {
    console.log('\n== Handoff: one terminal changes the queue, the others see it ==');
    const { runHandoffBench } = await import('./handoff.ts');
    await runHandoffBench(stack.env);
  }
  if ((!only || only === 'bundle') && !(await bundleBench(stack.env))) failed = true;
  if (!only || only === 'migration') {
    console.log('\n== Data migration: 100,000 patients and 500,000 prescriptions into an empty pharmacy ==');
    const { runMigrationBench } = await import('./migration.ts');
    if (!(await runMigrationBench(stack.env))) failed = true;
  }
  if (!only || only === 'scale') {
    console.log('\n== Scale: a pharmacy of 100,000 patients, 500,000 prescriptions and 1,500,000 fills ==');
    const { runScaleBench } = await import('./scale.ts');
    if (!(await runScaleBench(stack.env, portBase + 52))) failed = true;
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
