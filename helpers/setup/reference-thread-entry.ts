/**
 * The body of the reference's thread (helpers/setup/reference-thread.ts): starts the server, reports its URL,
 * keys and time zone, and closes it when asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createReferenceServer } from '../../reference/server';
import type { ReferenceThreadOptions } from './reference-thread';

async function main(): Promise<void> {
  const options = workerData as ReferenceThreadOptions;
  try {
    const server = createReferenceServer(options);
    const listening = await server.listen(0, '127.0.0.1');
    parentPort!.on('message', (message) => {
      if (message === 'close') void listening.close().then(() => process.exit(0));
    });
    parentPort!.postMessage({ url: listening.url, keys: server.keys, timeZone: server.clock.timeZone });
  } catch (error) {
    parentPort!.postMessage({ error: (error as Error).message });
  }
}

void main();
