// `npm test`: the checks, unit, start-up, integration and browser suites, two at a time on the two cores, then a
// table of where the time went. `.ci/run` passes its install time (CI_INSTALL_SECONDS) for the table's first row.
import { z } from 'zod';
import { optionalString, parseEnv } from '@cr/api/config/env-parse';
import { runStages } from './stages';
import { browserTask, buildTask, checkTasks, integrationTasks, startupTask } from './suites';

const env = parseEnv(
  z.object({ DATABASE_URL: optionalString, CI_INSTALL_SECONDS: z.coerce.number().optional() }),
  process.env,
);
if (!env.DATABASE_URL) console.log('DATABASE_URL is not set: the integration suite runs on PGlite alone.');

// One pool two wide, in priority order. The browser suite is the long pole (its lanes wait on blocks and page
// loads and leave the cores about 13 % idle): it starts as soon as the build is done, and the checks, the start-up
// test (mostly waiting for the product it spawns) and the integration suite (about a quarter idle on its own) fill
// the other slot beside it. Run one after another, the stages left about 200 s of the cores idle.
await runStages(
  [
    {
      name: 'all suites',
      tasks: [
        buildTask(),
        browserTask(),
        ...checkTasks(),
        startupTask(),
        ...integrationTasks(env.DATABASE_URL),
      ],
      width: 2,
    },
  ],
  env.CI_INSTALL_SECONDS !== undefined
    ? [{ name: 'set-up and install (.ci/run)', seconds: env.CI_INSTALL_SECONDS }]
    : [],
);
