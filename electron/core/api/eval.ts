import type { HandlersOf } from '../../../shared/dispatch';
import type { evalCalls } from '../../../shared/contract';
import { ApiError } from '../../../shared/errors';
import type { Services } from '../services';
import type { EvalRunInfo } from '../../../shared/contract/eval';
import { EVAL_JOB, importGold, startRun } from '../eval/run';
import { livePrecision } from '../eval/precision';
import { renderReport } from '../eval/report';

export function evalHandlers(core: Pick<Services, 'store' | 'jobs'>): HandlersOf<typeof evalCalls> {
  const repo = core.store.evals;
  /** A run's state follows its job until the run has its scores. */
  const withJobState = <T extends EvalRunInfo>(run: T): T => {
    if (run.state === 'done' || !run.job) return run;
    try {
      const job = core.jobs.get(run.job);
      return { ...run, state: job.state === 'done' ? 'running' : job.state };
    } catch {
      // the job row is gone (pruned): the run's own state stands
      return run;
    }
  };
  return {
    'eval.gold.import': (input) => importGold(core, input),
    'eval.gold.list': () => repo.listSets(),
    'eval.gold.delete': ({ id }) => ({ deleted: repo.deleteSet(id) }),
    'eval.run.start': (input) => {
      if (!core.jobs.hasKind(EVAL_JOB)) throw new ApiError('unsupported', 'evaluation jobs are not available in this host');
      const { run, job } = startRun(core, input);
      return { run: withJobState(run), job };
    },
    'eval.run.list': ({ goldSet }) => repo.listRuns(goldSet).map(withJobState),
    'eval.run.get': ({ id }) => {
      const run = repo.getRun(id);
      if (!run) throw new ApiError('not_found', `no evaluation run ${id}`);
      return withJobState(run);
    },
    'eval.run.report': ({ id, compare }) => {
      const run = repo.getRun(id);
      if (!run) throw new ApiError('not_found', `no evaluation run ${id}`);
      if (!run.scores) throw new ApiError('conflict', `run ${id} has no scores yet (${withJobState(run).state})`);
      const other = compare ? repo.getRun(compare) : null;
      if (compare && !other) throw new ApiError('not_found', `no evaluation run ${compare}`);
      return { name: `evaluation-run-${id}${other ? `-vs-${compare}` : ''}.html`, html: renderReport(run, other) };
    },
    'eval.run.delete': ({ id }) => ({ deleted: repo.deleteRun(id) }),
    'eval.item': ({ goldSet, key, run }) => {
      const item = repo.itemByKey(goldSet, key);
      if (!item) throw new ApiError('not_found', `gold set ${goldSet} has no item ${JSON.stringify(key)}`);
      const gold = item.gold;
      const text = 'text' in gold ? gold.text : gold.question;
      return { key: item.key, text, gold, prediction: run ? repo.prediction(run, item.id) : null };
    },
    'eval.precision': () => livePrecision(repo.decisions()),
  };
}
