/** Standalone EID simulator: `tsx did/src/eid-simulator/eid-simulator-main.ts` (dev only). */
import { loadEidSimulatorConfig } from './eid-simulator.config';
import { startEidSimulator } from './eid-simulator';

const config = loadEidSimulatorConfig();
const sim = await startEidSimulator({
  host: config.EID_SIM_HOST,
  port: config.EID_SIM_PORT,
  dataDir: config.EID_SIM_DATA_DIR,
  log: (line) => console.log(`[eid-sim] ${line}`),
});

const shutdown = () => {
  sim.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
