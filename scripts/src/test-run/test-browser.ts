// `npm run test:browser`: builds the web app, checks its size budget, then runs the browser suite.
import { runStages } from './stages';
import { browserTasks } from './suites';

await runStages([
  {
    name: 'build and size',
    tasks: [{ label: 'build and size', command: 'npm', args: ['run', '--silent', 'build:size'] }],
    width: 1,
  },
  { name: 'browser', tasks: browserTasks(), width: 1 },
]);
