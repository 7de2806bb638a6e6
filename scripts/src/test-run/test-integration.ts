// `npm run test:integration`: the start-up test alone, then the integration suite on the PostgreSQL server of
// DATABASE_URL (CI sets it) with the database-layer suites again on PGlite, or all of it on PGlite without one.
// With arguments, only the vitest filters given (on PGlite unless TEST_DATABASE says otherwise).
import { z } from 'zod';
import { optionalString, parseEnv } from '@cr/core/config/env-parse';
import { runStages } from './stages';
import { integrationTasks, startupTask } from './suites';

const env = parseEnv(z.object({ DATABASE_URL: optionalString }), process.env);
const filters = process.argv.slice(2);
await runStages(
  filters.length
    ? [
        {
          name: 'integration (filtered)',
          tasks: [
            {
              label: 'integration',
              command: 'npx',
              args: ['vitest', 'run', '--project', 'integration', ...filters],
            },
          ],
          width: 1,
        },
      ]
    : [
        { name: 'start-up (npm start, alone)', tasks: [startupTask()], width: 1 },
        { name: 'integration', tasks: integrationTasks(env.DATABASE_URL), width: 1 },
      ],
);
