/**
 * A test's identity in report history (Allure's historyId and testCaseId): its project and describe path
 * and title, without the spec file, so that a test moved to another spec file keeps its history.
 */
import { createHash } from 'node:crypto';

export function historyIdentity(project: string, titlePath: readonly string[]): string {
  return createHash('md5')
    .update([project, ...titlePath].filter((part) => part !== '').join(' › '))
    .digest('hex');
}
