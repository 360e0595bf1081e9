import { rmSync } from 'node:fs';

/** Removes the temporary DATA_DIR the journeys ran on. */
export default function globalTeardown() {
  if (process.env.E2E_DATA_DIR) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
