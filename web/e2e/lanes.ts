/**
 * How many browser test files run at once (vitest's `maxWorkers` for the browser project). Each lane has its own
 * product stack (web/e2e/global-setup.ts) and runs its files one after another, so two files never share a
 * stack's data, chain or mined blocks. One lane left the machine's two cores more than half idle: the suite
 * mostly waits (blocks, round trips, page loads). `BROWSER_LANES=1` runs the files one at a time.
 */
export const BROWSER_LANES = Math.max(1, Number(process.env.BROWSER_LANES ?? 2) || 1);
