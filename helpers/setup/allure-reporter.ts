/**
 * The Allure reporter of the run: allure-playwright, with each test's requirement metadata (labels,
 * description with the contract's clause, a history id keyed on the describe path and title) added here,
 * in the runner process, from the requirement annotations that `titled()` gives every test when it is
 * declared. Sent from the workers at run time instead, it cost four runtime messages per test (an
 * attachment each, over the worker's IPC channel, into every report), about a tenth of the suite's CPU.
 *
 * The metadata goes in as one Allure runtime message, the documented form allure-playwright reads from a
 * test's attachments, on a copy of the result: the other reporters see the result as the worker sent it.
 *
 * Results are written without allure-js-commons' fsync per file: half a thousand fsyncs stalled the
 * runner's event loop (results, scheduling) for over a second of every run. A result file
 * is still whole when written (written under a temporary name, then renamed), which is what a report
 * built after the run needs; only durability against a power cut during the run is given up.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import AllureReporter from 'allure-playwright';
import { Status, type TestResult as AllureResult, type TestResultContainer } from 'allure-js-commons';
import {
  ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE,
  FileSystemWriter,
  type Writer,
} from 'allure-js-commons/sdk/reporter';
import type { RuntimeMetadataMessage } from 'allure-js-commons/sdk';
import { requirementById } from '../../schemas/requirements';
import { allureLabelsFor } from '../contract/allure-labels';
import { historyIdentity } from '../contract/history-identity';
import { REASON_KIND_ANNOTATION, SUSPICIOUS_PREFIX } from '../run/report-config';

type ReporterOptions = ConstructorParameters<typeof AllureReporter>[0];

/** The Allure description of a test: each requirement it cites with its level and the contract's clause. */
export function requirementsDescription(ids: string[]): string {
  return ids
    .map((id) => {
      const r = requirementById(id)!;
      return `**${id}** (${r.level}): ${r.requirement}\n\nContract, ${r.section}: “${r.clause}”`;
    })
    .join('\n\n');
}

/** The metadata message of a test: its requirements' labels and clauses, and its history identity. */
/** Label of a passed test that recorded a SHOULD or MAY deviation (`warned`, helpers/data/verified.ts). */
export const WARNED_LABEL = 'warned';

/** Label of a skipped test: the kind of its reason (helpers/data/verified.ts); `target` is the suspicious one. */
export const NOT_VERIFIED_LABEL = 'not verified';

export function requirementMetadata(
  test: TestCase,
  result?: Pick<TestResult, 'annotations' | 'status'>,
): RuntimeMetadataMessage | undefined {
  const cited = test.annotations.filter((a) => a.type === 'requirement').map((a) => a.description!);
  if (cited.length === 0) return undefined;
  // A failed test is charged too with the requirements whose invariant an answer of it broke (`breach`).
  const charged =
    result?.status === 'failed' || result?.status === 'timedOut'
      ? (result.annotations ?? []).filter((a) => a.type === 'breach').map((a) => a.description!)
      : [];
  const ids = [...new Set([...cited, ...charged])];
  // Runtime annotations show on the test and on its result: each warning once.
  const warnings =
    result?.status === 'passed'
      ? [
          ...new Set(
            [...test.annotations, ...(result.annotations ?? [])]
              .filter((a) => a.type === 'warning')
              .map((a) => a.description ?? 'warned'),
          ),
        ].map((value) => ({ name: WARNED_LABEL, value }))
      : [];
  // The kind of a skip's reason, as a label (Allure filters and groups by labels).
  const kind =
    result?.status === 'skipped'
      ? [...(result.annotations ?? []), ...test.annotations]
          .filter((a) => a.type === REASON_KIND_ANNOTATION)
          .map((a) => ({ name: NOT_VERIFIED_LABEL, value: a.description ?? 'unclassified' }))
          .slice(0, 1)
      : [];
  // titlePath(): root, project, file, describes..., title. The identity leaves the file out.
  const [, project = '', , ...titlePath] = test.titlePath();
  const identity = historyIdentity(project, titlePath);
  return {
    type: 'metadata',
    data: {
      labels: [...allureLabelsFor(ids), ...warnings, ...kind],
      description: requirementsDescription(ids),
      historyId: identity,
      testCaseId: identity,
    },
  };
}

/** allure-js-commons' file writer, with the per-test files written without fsync. */
export class UnsyncedWriter extends FileSystemWriter implements Writer {
  constructor(private readonly resultsDir: string) {
    super({ resultsDir });
  }

  private publish(name: string, write: (file: string) => void): void {
    fs.mkdirSync(this.resultsDir, { recursive: true });
    const file = path.join(this.resultsDir, name);
    const temporary = `${file}.${process.pid}.tmp`;
    write(temporary);
    fs.renameSync(temporary, file);
  }

  override writeResult(result: AllureResult): void {
    // Allure has no "warned" status: a warned pass is written as unknown, the warnings as its details, so
    // that the report never counts it as passed.
    const warnings = result.labels.filter((l) => l.name === WARNED_LABEL).map((l) => l.value);
    if (warnings.length && result.status === Status.PASSED) {
      result = {
        ...result,
        status: 'unknown' as Status,
        statusDetails: { message: `warned: ${warnings.join('; ')}` },
      };
    }
    // A skip whose precondition the target's own answer removed is suspicious: its message says so first,
    // which sorts it into its own category (ALLURE_CATEGORIES); the exchange is among its attachments.
    const suspicious = result.labels.some((l) => l.name === NOT_VERIFIED_LABEL && l.value === 'target');
    if (suspicious && result.status === Status.SKIPPED) {
      result = {
        ...result,
        statusDetails: {
          ...result.statusDetails,
          message: `${SUSPICIOUS_PREFIX}: ${result.statusDetails?.message ?? ''}`,
        },
      };
    }
    this.publish(`${result.uuid}-result.json`, (file) => fs.writeFileSync(file, JSON.stringify(result)));
  }

  override writeGroup(result: TestResultContainer): void {
    this.publish(`${result.uuid}-container.json`, (file) => fs.writeFileSync(file, JSON.stringify(result)));
  }

  override writeAttachment(distFileName: string, content: Buffer): void {
    this.publish(distFileName, (file) => fs.writeFileSync(file, content));
  }

  override writeAttachmentFromPath(distFileName: string, from: string): void {
    this.publish(distFileName, (file) => fs.copyFileSync(from, file));
  }
}

export default class ConformanceAllureReporter extends AllureReporter {
  private readonly resultsDir: string;

  constructor(config: ReporterOptions) {
    super(config);
    this.resultsDir = config.resultsDir ?? './allure-results';
  }

  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    // allure-playwright makes its writer here and takes none from its options.
    (this as unknown as { allureRuntime: { writer: Writer } }).allureRuntime.writer = new UnsyncedWriter(
      this.resultsDir,
    );
  }

  override async onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    const metadata = requirementMetadata(test, result);
    if (!metadata) return super.onTestEnd(test, result);
    const message = {
      name: 'requirement metadata',
      contentType: ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE,
      body: Buffer.from(JSON.stringify(metadata)),
    };
    return super.onTestEnd(test, { ...result, attachments: [message, ...result.attachments] });
  }
}
