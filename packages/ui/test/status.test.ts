import { describe, expect, it } from 'vitest';
import {
  addJob,
  expiredJobs,
  JOB_POLL_INTERVAL_MS,
  JOB_REMOVE_AFTER_MS,
  JOB_SWEEP_INTERVAL_MS,
  jobBarTone,
  jobStripTone,
  sweepJobs,
  updateJob,
  type PanelJob,
} from '../src/lib/jobs';
import { humanizeStatus, STATUS_TONES, statusTone } from '../src/lib/status';

describe('statusTone (core §4 colour map)', () => {
  const expected = {
    green: ['active', 'approved', 'published', 'ready', 'low'],
    yellow: ['pending', 'pending_review', 'draft', 'medium'],
    red: ['rejected', 'archived', 'inactive', 'high'],
    blue: ['promoted', 'assigned', 'review'],
    orange: ['needs_rewrite'],
  } as const;

  for (const [tone, statuses] of Object.entries(expected)) {
    for (const status of statuses) {
      it(`${status} is ${tone}`, () => {
        expect(statusTone(status)).toBe(tone);
      });
    }
  }

  it('the map holds exactly the listed statuses', () => {
    expect(Object.keys(STATUS_TONES).sort()).toEqual(Object.values(expected).flat().sort());
  });

  it('is grey for anything else', () => {
    for (const status of [
      'scheduled',
      'setup',
      'completed',
      'failed',
      'available',
      'purchased',
      '',
      'whatever',
    ]) {
      expect(statusTone(status)).toBe('grey');
    }
    expect(statusTone(null)).toBe('grey');
    expect(statusTone(undefined)).toBe('grey');
    // Not fooled by inherited object keys.
    expect(statusTone('constructor')).toBe('grey');
    expect(statusTone('__proto__')).toBe('grey');
  });

  it('normalises case, spaces and hyphens', () => {
    expect(statusTone('Published')).toBe('green');
    expect(statusTone(' ACTIVE ')).toBe('green');
    expect(statusTone('Pending Review')).toBe('yellow');
    expect(statusTone('needs-rewrite')).toBe('orange');
  });

  it('humanises unknown statuses for display', () => {
    expect(humanizeStatus('needs_rewrite')).toBe('Needs rewrite');
    expect(humanizeStatus('')).toBe('');
  });
});

describe('job panel rules (core §4, §9)', () => {
  const job = (over: Partial<PanelJob> & Pick<PanelJob, 'id' | 'status'>): PanelJob => ({
    title: over.id,
    progress: 0,
    ...over,
  });

  it('keeps the spec constants', () => {
    expect(JOB_POLL_INTERVAL_MS).toBe(5000);
    expect(JOB_REMOVE_AFTER_MS).toBe(10_000);
    expect(JOB_SWEEP_INTERVAL_MS).toBe(1000);
  });

  it('removes finished jobs only after MORE than 10 s since their end', () => {
    const end = 1_000_000;
    const jobs = [
      job({ id: 'done', status: 'completed', endedAt: end }),
      job({ id: 'broken', status: 'failed', endedAt: end }),
    ];
    expect(expiredJobs(jobs, end)).toEqual([]);
    expect(expiredJobs(jobs, end + 10_000)).toEqual([]);
    expect(expiredJobs(jobs, end + 10_001).map((j) => j.id)).toEqual(['done', 'broken']);
  });

  it('never removes pending or running jobs, nor finished jobs without an end time', () => {
    const long = 10 ** 12;
    const jobs = [
      job({ id: 'p', status: 'pending', endedAt: 0 }),
      job({ id: 'r', status: 'running', endedAt: 0 }),
      job({ id: 'c', status: 'completed' }),
    ];
    expect(expiredJobs(jobs, long)).toEqual([]);
  });

  it('sweepJobs returns the same array when nothing expired', () => {
    const jobs = [job({ id: 'a', status: 'running' })];
    expect(sweepJobs(jobs, Date.now())).toBe(jobs);
    const finished = [job({ id: 'a', status: 'completed', endedAt: 0 }), job({ id: 'b', status: 'running' })];
    expect(sweepJobs(finished, 20_000).map((j) => j.id)).toEqual(['b']);
  });

  it('stamps the end time when a job finishes, and replaces jobs by id', () => {
    let jobs = addJob([], job({ id: 'x', status: 'pending' }), 100);
    expect(jobs[0]?.endedAt).toBeUndefined();
    jobs = updateJob(jobs, 'x', { status: 'running', progress: 40 }, 200);
    expect(jobs[0]).toMatchObject({ status: 'running', progress: 40 });
    expect(jobs[0]?.endedAt).toBeUndefined();
    jobs = updateJob(jobs, 'x', { status: 'completed', progress: 100 }, 300);
    expect(jobs[0]?.endedAt).toBe(300);
    // A later patch keeps the first end time.
    jobs = updateJob(jobs, 'x', { message: 'done' }, 400);
    expect(jobs[0]?.endedAt).toBe(300);
    // Unknown ids change nothing.
    expect(updateJob(jobs, 'nope', { status: 'failed' }, 500)).toBe(jobs);
    // Adding the same id replaces in place.
    jobs = addJob(
      addJob(jobs, job({ id: 'y', status: 'failed' }), 600),
      job({ id: 'x', status: 'running' }),
      700,
    );
    expect(jobs.map((j) => [j.id, j.status, j.endedAt])).toEqual([
      ['x', 'running', undefined],
      ['y', 'failed', 600],
    ]);
  });

  it('colours: bar red failed, green completed, blue otherwise; strip yellow while pending', () => {
    expect(jobBarTone('failed')).toBe('red');
    expect(jobBarTone('completed')).toBe('green');
    expect(jobBarTone('running')).toBe('blue');
    expect(jobBarTone('pending')).toBe('blue');
    expect(jobStripTone('pending')).toBe('yellow');
    expect(jobStripTone('running')).toBe('blue');
    expect(jobStripTone('failed')).toBe('red');
    expect(jobStripTone('completed')).toBe('green');
  });
});
