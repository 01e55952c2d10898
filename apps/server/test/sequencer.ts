import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order, with the crash tests first (PostgreSQL only): each mostly waits — a server killed mid-flood, jobs
 * expiring — for up to two minutes, so started last it held one worker while the other had nothing left to do.
 */
export class CrashTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const crash = (f: TestSpecification) => f.moduleId.endsWith('.crash.test.ts');
    return [...sorted.filter(crash), ...sorted.filter((f) => !crash(f))];
  }
}
