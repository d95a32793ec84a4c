import { useState } from 'react';
import { useCall } from '../api/hooks';
import type { ExtractSummary, FailureReason } from '../../../shared/contract/extract';
import { Dialog } from './Dialog';

/** What each reason means, in the words the list shows. */
const FAILURE_REASON_TEXT: Record<FailureReason, string> = {
  grammar: 'not valid for the answer’s schema',
  truncated: 'cut off at the token limit (or the prompt did not fit the context)',
  timeout: 'the engine took too long',
  parse: 'unreadable, or not the list the stage asks for',
  engine: 'the engine failed',
  refused: 'the model declined to answer',
};

/**
 * "9 failed answers" of an extraction job, openable: each answer's document and chunk (a link that
 * shows the chunk in its document), its stage and why it failed.
 */
export function FailedAnswers({ summary }: { summary: ExtractSummary }) {
  const [open, setOpen] = useState(false);
  const docs = useCall('documents.list', {}, { enabled: open });
  if (!summary.failures) return null;
  const list = summary.failedAnswers ?? [];
  const reasons = Object.entries(summary.failureReasons ?? {})
    .map(([r, n]) => `${r} ${n}`)
    .join(', ');
  const title = (id: number) => docs.data?.find((d) => d.id === id)?.title ?? `document ${id}`;
  return (
    <>
      <button type="button" className="link error-text" onClick={() => setOpen(true)} data-testid="failed-answers-open">
        {summary.failures} failed answer{summary.failures === 1 ? '' : 's'}
        {reasons ? ` (${reasons})` : ''}
      </button>
      {open && (
        <Dialog title="Failed answers" onClose={() => setOpen(false)} wide>
          <p className="muted small">
            A stage’s answer that could not be used; the chunk’s other stages still ran. Re-running the extraction reads these chunks again.
            {list.length < summary.failures ? ` The first ${list.length} of ${summary.failures} are listed.` : ''}
          </p>
          <table className="failed-answers" data-testid="failed-answers">
            <thead>
              <tr>
                <th>Document</th>
                <th>Chunk</th>
                <th>Stage</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {list.map((f, i) => (
                <tr key={`${f.chunk}-${f.stage}-${i}`}>
                  <td>{title(f.document)}</td>
                  <td>
                    <a href={`#/documents?chunk=${f.chunk}`} onClick={() => setOpen(false)} title={`characters ${f.start}–${f.end}`}>
                      chunk {f.ordinal + 1}
                    </a>
                  </td>
                  <td>{f.stage}</td>
                  <td>
                    <strong title={FAILURE_REASON_TEXT[f.reason]}>{f.reason}</strong> <span className="muted">{f.message}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Dialog>
      )}
    </>
  );
}
