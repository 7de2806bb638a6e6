// The browser project's setup file (vitest.config.ts): it runs before each test file, in the file's worker. The
// project does not isolate its files (a worker keeps its imports from one file to the next: re-importing them cost
// about 4.7 CPU s a file), so what each file needs afresh is registered here, not at a module's top level.
import { registerFailureReport } from './failure-report';

registerFailureReport();
