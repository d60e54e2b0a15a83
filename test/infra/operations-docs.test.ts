import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { THROUGHPUT_BUCKET_NAMES } from '#functions/core/limits/throughput-buckets';
import { REPO_ROOT } from '#infra/constructs/paths';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import { buildTestApp, resourcesOfType } from './support';

/**
 * docs/RUNBOOK.md and docs/SCALING.md name the stack's alarms, queues and dashboard as the stack
 * names them, with the stage's label written `<Stage>`: a name the stack has and the runbook
 * lacks fails here, and so does a name the documents give that the stack does not have.
 */
const read = (file: string) => readFileSync(join(REPO_ROOT, 'docs', file), 'utf8');

/** `Sailpost-Dev-PublishFailureRate` → `Sailpost-<Stage>-PublishFailureRate`. */
const generic = (name: string, label: string) =>
  name.replace(new RegExp(`^Sailpost-${label}(?=-|$)`), 'Sailpost-<Stage>');

/**
 * Every `Sailpost-<Stage>…` name the document gives (in code spans or not); a pattern with a
 * placeholder of its own (`Sailpost-<Stage>-DeadLetters-<queue>`) names no one thing.
 */
const stageNamesIn = (text: string): Set<string> =>
  new Set(
    [...text.matchAll(/Sailpost-<Stage>[A-Za-z0-9-]*(?:<[a-z]+>[A-Za-z0-9-]*)*/g)]
      .map(([name]) => name.replace(/-$/, ''))
      .filter((name) => !name.slice('Sailpost-<Stage>'.length).includes('<')),
  );

/** Every name of a queue the document gives: a code span ending in `Queue`, `-queue` or `-dead-letters`. */
const queueNamesIn = (text: string): Set<string> =>
  new Set(
    [...text.matchAll(/`([A-Za-z0-9-]+(?:Queue|-queue|-dead-letters))`/g)].map(([, name]) => name!),
  );

describe('the operations documents match the stack', () => {
  let built: SailpostApp;
  let alarms: string[];
  let dashboards: string[];
  let queues: string[];
  let stacks: string[];
  const runbook = read('RUNBOOK.md');
  const scaling = read('SCALING.md');

  beforeAll(() => {
    built = buildTestApp({ stage: 'dev' });
    const label = built.stage.label;
    const templates = [built.data, built.jobs, built.api, built.web].map((stack) =>
      Template.fromStack(stack),
    );
    const named = (type: string, property: string) =>
      templates.flatMap((template) =>
        Object.values(resourcesOfType(template, type)).map((resource) =>
          generic(resource.Properties![property] as string, label),
        ),
      );
    alarms = named('AWS::CloudWatch::Alarm', 'AlarmName');
    dashboards = named('AWS::CloudWatch::Dashboard', 'DashboardName');
    queues = built.jobs.node
      .findAll()
      .filter((construct) => construct instanceof Queue)
      .map((queue) => queue.node.id);
    stacks = [built.data, built.jobs, built.api, built.web].map((stack) =>
      generic(stack.stackName, label),
    );
  });

  it('gives every alarm a name, so that the runbook can name it', () => {
    expect(alarms.length).toBeGreaterThanOrEqual(8);
    expect(alarms.filter((name) => !name.startsWith('Sailpost-<Stage>-'))).toEqual([]);
  });

  it('has a runbook entry for every alarm and the dashboard of the stack', () => {
    const missing = [...alarms, ...dashboards].filter((name) => !runbook.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('names every queue of the jobs stack in both documents', () => {
    expect(queues.length).toBeGreaterThanOrEqual(1);
    expect(queues.filter((queue) => !runbook.includes(`\`${queue}\``))).toEqual([]);
    expect(queues.filter((queue) => !scaling.includes(`\`${queue}\``))).toEqual([]);
  });

  it('names every outside limit of the stage in the scaling model, as the stage names it', () => {
    expect(THROUGHPUT_BUCKET_NAMES.filter((bucket) => !scaling.includes(`\`${bucket}\``))).toEqual(
      [],
    );
    expect(scaling).toContain('`throughputLimits`');
  });

  it('names no alarm, dashboard, stack or queue the stack does not have', () => {
    const known = new Set([...alarms, ...dashboards, ...stacks]);
    for (const [file, text] of [
      ['RUNBOOK.md', runbook],
      ['SCALING.md', scaling],
    ] as const) {
      expect(
        [...stageNamesIn(text)].filter((name) => !known.has(name)),
        file,
      ).toEqual([]);
      expect(
        [...queueNamesIn(text)].filter((name) => !queues.includes(name)),
        file,
      ).toEqual([]);
    }
  });
});
