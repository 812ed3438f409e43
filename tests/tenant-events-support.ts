/**
 * Every event of a reference's primary tenant, read as the suite's discovery sweep reads it: the snapshot the
 * data-state tests compute the reservation plan and the table from.
 */
import assert from 'node:assert/strict';
import { createReferenceServer } from '../reference/server';
import type { PatentEvent } from '../schemas/types';

/** Every event of the primary tenant of the reference at `url`, with its key `key`. */
export async function primaryEvents(url: string, key: string): Promise<PatentEvent[]> {
  const events: PatentEvent[] = [];
  for (let page = 1; ; page++) {
    assert.ok(page <= 20, 'the event list of the primary tenant ends within 20 pages');
    const query = `dueFrom=1900-01-01&dueTo=2199-12-31&itemsPerPage=100&currentPage=${page}`;
    const response = await fetch(`${url}/api/v2/external/patent-events?${query}`, {
      headers: { 'x-api-key': key },
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { data: PatentEvent[]; pagination: { hasMore: boolean } };
    events.push(...body.data);
    if (!body.pagination.hasMore) break;
  }
  return events;
}

/** The primary tenant's events of a reference seeded with `seedProfile` (the full data set without one). */
export async function seededEvents(seedProfile?: 'minimum'): Promise<PatentEvent[]> {
  const server = createReferenceServer(seedProfile ? { seedProfile } : {});
  const { url, close } = await server.listen(0, '127.0.0.1');
  try {
    return await primaryEvents(url, server.keys.all);
  } finally {
    await close();
  }
}
