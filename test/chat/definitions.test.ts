// Definition candidates read from a document's layout (chat/candidates/definitions.ts), on hand-made passages:
// a description field describes the entry its naming line opens, not every name listed above it.
import { describe, expect, it } from 'vitest';
import { descriptionCandidates, namesFirst } from '../../electron/core/chat/candidates/definitions';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { contentStems } from '../../electron/core/retrieve/text';
import { retrievalOf } from './retrieval-fixture';

describe('a description field and the term its naming line names', () => {
  it('a line opening with the term names it; a member of a list names another entry', () => {
    const term = contentStems('widgetPacketsLost');
    expect(namesFirst('widgetPacketsLost OBJECT-TYPE', term)).toBe(true);
    expect(namesFirst('widgetPacketsLost: the packets lost', term)).toBe(true);
    expect(namesFirst('widgetPacketsLost,', term)).toBe(false);
    expect(namesFirst('OBJECTS { widgetPacketsLost,', term)).toBe(false);
    expect(namesFirst('widgetPacketsLost }', term)).toBe(false);
    expect(namesFirst('widgetGroup OBJECT-GROUP', term)).toBe(false);
  });

  it("marks the entry's own description as naming the term first (subjectFirst), a group listing it as not", () => {
    const passage = [
      'widgetGroup OBJECT-GROUP',
      '    OBJECTS { widgetPacketsSent,',
      '              widgetPacketsLost }',
      '    STATUS current',
      '    DESCRIPTION',
      '        "The objects that manage a widget."',
      '',
      'widgetPacketsLost OBJECT-TYPE',
      '    SYNTAX Counter32',
      '    DESCRIPTION',
      '        "The number of packets the widget lost."',
    ].join('\n');
    const candidates = descriptionCandidates(answerContext(retrievalOf('What does widgetPacketsLost count?', [passage])));
    const first = (text: string) => candidates.find((c) => c.text === text)?.measures.subjectFirst;
    expect(first('The number of packets the widget lost')).toBe(1);
    expect(first('The objects that manage a widget')).toBe(0);
  });
});
