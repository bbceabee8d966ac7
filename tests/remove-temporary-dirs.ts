// Set up before every test file of every project (vitest.config.ts): after the file, the folders its tests
// made with temporaryDir go, so `npm test` leaves nothing behind in the system's temporary folder.
import { afterAll } from 'vitest';
import { removeTemporaryDirs } from './temporary-dirs.ts';

// Registered before the file's own hooks, so it runs after them (after-hooks run in reverse),
// once the file has stopped the servers and children that used the folders.
afterAll(removeTemporaryDirs);
