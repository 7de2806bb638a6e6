// `npm run test:browser`: builds the web app, checks its size budget, then runs the browser suite.
import { runStages } from './stages';
import { browserTask, buildTask } from './suites';

await runStages([
  { name: 'build, then browser', tasks: [buildTask(), browserTask(process.env.DATABASE_URL)], width: 1 },
]);
