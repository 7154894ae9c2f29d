import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storageContract } from '../../test/storage-contract.js';
import { localStorage } from './local.js';

storageContract('local disk', async () => {
  const root = await mkdtemp(join(tmpdir(), 'saathi-storage-'));
  return {
    storage: localStorage(root),
    close: () => rm(root, { recursive: true, force: true }),
  };
});
