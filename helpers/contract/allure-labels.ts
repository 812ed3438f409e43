/**
 * Allure labels of a test, derived from the requirements its title cites (never retyped): epic = the
 * area's title, feature = each operation the requirement is verified on, story = the requirement id,
 * severity = the strictest level (MUST critical, SHOULD normal, MAY minor). Tag labels (area key and
 * level) only on request: allure-playwright already turns the `@area @must` tags that `titled()` gives
 * into tag labels, and adding them again would show each twice.
 *
 * Used with allure-js-commons: `await allure.labels(...allureLabelsFor(ids))`.
 */
import { loadRequirements, requirementById, type Level } from '../../schemas/requirements';

export interface AllureLabel {
  name: string;
  value: string;
}

export const SEVERITY_BY_LEVEL: Readonly<Record<Level, string>> = {
  MUST: 'critical',
  SHOULD: 'normal',
  MAY: 'minor',
};

/** Label value standing for `operations: ['*']`. */
export const ALL_OPERATIONS = 'every operation';

const LEVEL_ORDER: readonly Level[] = ['MUST', 'SHOULD', 'MAY'];

/** The labels for the requirement ids a test cites; throws on an id the catalogue does not have. */
export function allureLabelsFor(ids: string[], options: { tags?: boolean } = {}): AllureLabel[] {
  const areaTitles = new Map(loadRequirements().areas.map((area) => [area.key, area.title]));
  const labels: AllureLabel[] = [];
  const seen = new Set<string>();
  const add = (name: string, value: string) => {
    const key = `${name}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    labels.push({ name, value });
  };
  let strictest: Level | undefined;
  for (const id of ids) {
    const requirement = requirementById(id);
    if (!requirement) throw new Error(`requirement ${id} is not in schemas/requirements.yaml`);
    add('epic', areaTitles.get(requirement.area) ?? requirement.area);
    for (const operation of requirement.operations) {
      add('feature', operation === '*' ? ALL_OPERATIONS : operation);
    }
    add('story', id);
    if (options.tags) {
      add('tag', requirement.area);
      add('tag', requirement.level.toLowerCase());
    }
    if (strictest === undefined || LEVEL_ORDER.indexOf(requirement.level) < LEVEL_ORDER.indexOf(strictest)) {
      strictest = requirement.level;
    }
  }
  if (strictest) add('severity', SEVERITY_BY_LEVEL[strictest]);
  return labels;
}
